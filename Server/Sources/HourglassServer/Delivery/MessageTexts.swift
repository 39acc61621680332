import Foundation
import SignUpDomain

/// The texts the server sends codes in, compiled: the built-in ones (``MessageTemplates``), or
/// an operator's from `--message-templates DIR`, one file a language, each checked at start.
///
/// A file is `DIR/LANGUAGE.txt` (`en.txt`, `pt-BR.txt`, `zh-Hant.txt`: a built-in language's
/// tag), a line a form, `FORM: TEXT`: a plural form of the language as CLDR names it (`one`,
/// `few`, `other` …; `other` is required) with `{code}` once and `{minutes}` where the minutes
/// go, and `short:` with `{code}` alone, the text an SMS takes when the full one would not fit
/// one segment with its autofill lines, and `voice:` with `{code}` (one to four times: the built-in
/// texts say it twice), the words a call says, the code's digits apart. Blank lines and lines
/// starting with `#` are skipped. A language without a file, or a line, keeps its built-in texts.
struct MessageTexts: Sendable {
    /// A text's words and the places of `{code}` and `{minutes}` in it.
    enum Part: Sendable, Equatable {
        case text(String)
        case code
        case minutes
    }

    private var forms: [String: (rule: PluralRule, forms: [PluralCategory: [Part]])]
    private var short: [String: [Part]]
    private var spoken: [String: [Part]]
    /// The languages whose texts came from a file, and its path.
    private(set) var files: [String: String] = [:]

    /// The built-in texts.
    static let builtIn = MessageTexts(
        forms: MessageTemplates.forms.reduce(into: [:]) { compiled, language in
            compiled[language.key] = (PluralRule(for: language.key), language.value.mapValues(parts))
        },
        short: MessageTemplates.short.mapValues(parts), spoken: MessageTemplates.spoken.mapValues(parts))

    private init(
        forms: [String: (rule: PluralRule, forms: [PluralCategory: [Part]])], short: [String: [Part]],
        spoken: [String: [Part]]
    ) {
        self.forms = forms
        self.short = short
        self.spoken = spoken
    }

    /// The words a call says to give `code`, in `language`: each digit apart, by the
    /// language's pause (`MessageTemplates.digitPause`), so that speech reads them one by one.
    func spoken(code: String, language: String) -> String {
        let pause = MessageTemplates.digitPause[language] ?? ", "
        let digits = code.map(String.init).joined(separator: pause)
        return Self.fill(spoken[language] ?? spoken["en"] ?? [.code], code: digits, minutes: 0)
    }

    /// The message carrying `code` that lives `minutes`, in `language`.
    func text(code: String, minutes: Int, language: String) -> String {
        guard let compiled = forms[language] ?? forms["en"] else { return code }
        let form = compiled.forms[compiled.rule.category(for: minutes)] ?? compiled.forms[.other] ?? [.code]
        return Self.fill(form, code: code, minutes: minutes)
    }

    /// The message carrying `code` that lives `minutes`, in `language`: for an SMS (`autofill`
    /// given), the full text and the autofill lines when they fit one segment, else the short
    /// text and the lines; for an e-mail (`autofill` nil), the full text alone.
    func message(code: String, minutes: Int, language: String, autofill: CodeAutofill?) -> String {
        let full = text(code: code, minutes: minutes, language: language)
        guard let autofill else { return full }
        let lines = autofill.lines(code: code)
        guard SMSLength(full + lines).segments > 1 else { return full + lines }
        return Self.fill(short[language] ?? short["en"] ?? [.code], code: code, minutes: minutes) + lines
    }

    /// These texts with each `LANGUAGE.txt` of `directory` in place of the language's own.
    /// - Throws: ``ServerSetupError/messageTemplates(_:)`` naming the file, its line and why.
    func loading(_ directory: String) throws(ServerSetupError) -> MessageTexts {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        } catch {
            throw .messageTemplates("\(directory) cannot be read as a folder: \(error.localizedDescription)")
        }
        var loaded = self
        for name in names where !name.hasPrefix(".") {
            let path = (directory as NSString).appendingPathComponent(name)
            let language = name.hasSuffix(".txt") ? String(name.dropLast(4)) : ""
            guard MessageTemplates.languages.contains(language) else {
                throw .messageTemplates(
                    "\(path): name each file LANGUAGE.txt, LANGUAGE one of \(MessageTemplates.languages.joined(separator: ", "))"
                )
            }
            let (forms, short, spoken) = try Self.read(path, language: language)
            loaded.forms[language] = (PluralRule(for: language), forms)
            if let short { loaded.short[language] = short }
            if let spoken { loaded.spoken[language] = spoken }
            loaded.files[language] = path
        }
        return loaded
    }

    /// The forms, the short text and the spoken one of the file at `path`, for `language`.
    private static func read(_ path: String, language: String) throws(ServerSetupError) -> (
        [PluralCategory: [Part]], [Part]?, [Part]?
    ) {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        guard attributes?[.type] as? FileAttributeType == .typeRegular,
            let size = attributes?[.size] as? Int, size <= 65_536,
            let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8)
        else {
            throw .messageTemplates("\(path): not a readable UTF-8 file of at most 64 KiB")
        }
        let rule = PluralRule(for: language)
        var forms: [PluralCategory: [Part]] = [:]
        var short: [Part]?
        var spoken: [Part]?
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = line.trimmingCharacters(in: .whitespaces)
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            let place = "\(path) line \(index + 1)"
            guard let colon = line.firstIndex(of: ":") else {
                throw .messageTemplates("\(place): write FORM: TEXT (one:, other:, short:, voice: …)")
            }
            let name = String(line[..<colon])
            let form = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            let parts = try Self.checked(
                form, allowsMinutes: name != "short" && name != "voice", named: name,
                codes: name == "voice" ? 1...4 : 1...1,
                at: place)
            if name == "short" {
                short = parts
            } else if name == "voice" {
                spoken = parts
            } else if let category = PluralCategory(rawValue: name), rule.categories.contains(category) {
                forms[category] = parts
            } else {
                throw .messageTemplates(
                    "\(place): '\(name)' is no plural form of \(language) (its forms: \(rule.categories.map(\.rawValue).joined(separator: ", "))), nor short or voice"
                )
            }
        }
        guard forms[.other] != nil else { throw .messageTemplates("\(path): an other: line is required") }
        return (forms, short, spoken)
    }

    /// `form` cut at its placeholders, when it holds `{code}` a number of times in `codes` and
    /// no other placeholder.
    private static func checked(
        _ form: String, allowsMinutes: Bool, named name: String, codes: ClosedRange<Int>, at place: String
    ) throws(ServerSetupError) -> [Part] {
        let parts = Self.parts(form)
        for part in parts {
            guard case .text(let words) = part, let open = words.firstIndex(of: "{") else { continue }
            let name = words[open...].prefix { $0 != "}" } + "}"
            throw .messageTemplates("\(place): unknown placeholder \(name); write {code} and {minutes}")
        }
        guard codes.contains(parts.filter({ $0 == .code }).count) else {
            throw .messageTemplates(
                codes.count == 1
                    ? "\(place): the text must hold {code} once"
                    : "\(place): a voice text holds {code} \(codes.lowerBound) to \(codes.upperBound) times")
        }
        if !allowsMinutes, parts.contains(.minutes) {
            throw .messageTemplates("\(place): a \(name) text holds {code} alone, no {minutes}")
        }
        return parts
    }

    /// `parts` with `code` and `minutes` in their places.
    private static func fill(_ parts: [Part], code: String, minutes: Int) -> String {
        var text = ""
        for part in parts {
            switch part {
            case .text(let words): text += words
            case .code: text += code
            case .minutes: text += String(minutes)
            }
        }
        return text
    }

    /// `form` cut at `{code}` and `{minutes}`.
    private static func parts(_ form: String) -> [Part] {
        var parts: [Part] = []
        for (index, piece) in form.split(separator: "{", omittingEmptySubsequences: false).enumerated() {
            if index > 0, piece.hasPrefix("code}") {
                parts += [.code, .text(String(piece.dropFirst(5)))]
            } else if index > 0, piece.hasPrefix("minutes}") {
                parts += [.minutes, .text(String(piece.dropFirst(8)))]
            } else {
                parts.append(.text(index > 0 ? "{" + piece : String(piece)))
            }
        }
        return parts.filter { $0 != .text("") }
    }
}
