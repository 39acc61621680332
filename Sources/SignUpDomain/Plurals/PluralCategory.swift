/// A plural category of CLDR: which form of a word goes with a count, in a language.
///
/// English has two for whole counts (`one`: 1; `other`), Russian three (`one`: 1, 21, 31…;
/// `few`: 2–4, 22–24…; `many`: 0, 5–20, 25…), Arabic six, Japanese one. ``PluralRule`` picks
/// the category of a count.
public enum PluralCategory: String, Hashable, Sendable, CaseIterable {
    /// Arabic 0, Latvian 0 and 10–20, …
    case zero
    /// English 1, French 0 and 1, Russian 1, 21, 31…
    case one
    /// Arabic 2, Slovenian 2, 102…
    case two
    /// Russian 2–4, 22–24…, Arabic 3–10, 103–110…
    case few
    /// Russian 0, 5–20…, Arabic 11–99…, French and Spanish whole millions.
    case many
    /// Every count no other category takes; every language has it.
    case other
}
