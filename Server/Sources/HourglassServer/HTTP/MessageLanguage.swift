/// The `Accept-Language` of the request being handled by the generated server
/// (``RouterTransport`` puts ``ServerRequestContext/acceptedLanguage`` here): the language of
/// the message that carries its code (``MessageTemplates/language(accepting:)``).
enum MessageLanguage {
    @TaskLocal static var accepted: String?
}
