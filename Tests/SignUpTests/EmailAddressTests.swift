import SignUp
import TestSupport
import Testing

/// E-mail addresses as people give them: plus-addressing, internationalised domains, any case.
@Suite("E-mail addresses")
struct EmailAddressTests {
    @Test(
        "accepted, with the domain lower-cased and the local part kept as typed",
        arguments: [
            ("user+newsletter@example.com", "user+newsletter@example.com"),
            ("User.Name@Example.COM", "User.Name@example.com"),
            ("user@bücher.de", "user@bücher.de"),
            ("user@BÜCHER.DE", "user@bücher.de"),
            ("用户@例子.广告", "用户@例子.广告"),
            ("δοκιμή@παράδειγμα.δοκιμή", "δοκιμή@παράδειγμα.δοκιμή"),
            ("first.last@sub.example.co.uk", "first.last@sub.example.co.uk"),
            ("o'brien@example.ie", "o'brien@example.ie"),
            ("user_name-1@example-site.com", "user_name-1@example-site.com"),
            ("  a@b.cd  ", "a@b.cd"),
            ("उपयोगकर्ता@उदाहरण.कॉम", "उपयोगकर्ता@उदाहरण.कॉम"),
        ])
    func accepted(typed: String, normalized: String) {
        #expect(Destination.parse(typed) == .success(.email(normalized)))
    }

    @Test(
        "refused",
        arguments: [
            "user@", "@example.com", "user@example", "us er@example.com", "a@b@example.com", "user@example..com",
            ".user@example.com", "user.@example.com", "us..er@example.com", "user@-example.com", "user@example-.com",
            "user@example.c", "user@1.2.3.4", "user@exa_mple.com", "user(comment)@example.com",
            String(repeating: "a", count: 65) + "@example.com", "user@" + String(repeating: "a", count: 64) + ".com",
            "user@example.com\u{7}",
        ])
    func refused(typed: String) {
        #expect(Destination.parse(typed) == .failure(.invalidEmail))
    }
}
