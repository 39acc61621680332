/// The languages the sign-up screens speak. Strings are kept in code, since `Bundle`
/// localisation is incomplete on Linux; pass the language to each view-model.
public enum SignUpLanguage: String, CaseIterable, Sendable {
    /// English.
    case english = "en"
    /// Simplified Chinese.
    case simplifiedChinese = "zh-Hans"
}
