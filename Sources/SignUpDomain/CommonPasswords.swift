/// Passwords too common to accept (lower-cased, at least 8 characters: shorter ones fail the
/// length rule anyway). Drawn from published lists of the most used passwords, in English
/// and Chinese usage.
enum CommonPasswords {
    static let list: Set<String> = [
        "password", "password1", "password12", "password123", "passw0rd", "p@ssw0rd", "p@ssword",
        "12345678", "123456789", "1234567890", "0123456789", "87654321", "11111111", "00000000",
        "88888888", "66666666", "12341234", "11223344", "123123123", "1234qwer", "qwer1234",
        "qwertyui", "qwertyuiop", "qwerty123", "qwerty12", "1q2w3e4r", "1q2w3e4r5t", "1qaz2wsx",
        "zaq12wsx", "zxcvbnm1", "zxcvbnm123", "asdfghjk", "asdfghjkl", "asdf1234", "abcd1234",
        "abc12345", "abc123456", "a1234567", "a12345678", "aa123456", "aa12345678", "qq123456",
        "iloveyou", "iloveyou1", "woaini1314", "woaini520", "5201314a", "1314520a", "admin123",
        "administrator", "welcome1", "welcome123", "letmein1", "sunshine", "princess", "football",
        "baseball", "superman", "starwars", "whatever", "trustno1", "dragon12", "monkey12",
        "master12", "shadow12", "michael1", "jennifer", "computer", "internet", "changeme",
        "default1", "secret12", "test1234", "testtest", "hello123", "helloworld", "charlie1",
        "freedom1", "mustang1", "loveme12", "qazwsxedc", "q1w2e3r4", "q1w2e3r4t5", "1a2b3c4d",
        "password!", "passport", "mypassword", "newpassword", "huawei123", "xiaomi123", "wang1234",
        "zhang123", "li123456", "pa55word", "iloveu123",
    ]
}
