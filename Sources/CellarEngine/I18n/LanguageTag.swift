/// BCP 47 language tags as theme text looks them up.
package enum LanguageTag {
    /// The tags to look for, most specific first, ending with English: `zh-Hant-TW` → `zh-Hant-TW`,
    /// `zh-Hant`, `zh`, `en`. A Chinese tag without a script gets the script its region writes
    /// (`zh-TW` → … `zh-Hant`; `zh`, `zh-CN` → … `zh-Hans`), since themes ship those two.
    static func fallbacks(of tag: String) -> [String] {
        var parts = tag.split(separator: "-").map(String.init)
        var chain: [String] = []
        while !parts.isEmpty {
            chain.append(parts.joined(separator: "-"))
            parts.removeLast()
        }
        let subtags = tag.split(separator: "-").map { $0.lowercased() }
        if subtags.first == "zh", !subtags.dropFirst().contains(where: { $0 == "hans" || $0 == "hant" }) {
            let traditional = subtags.contains { ["tw", "hk", "mo"].contains($0) }
            chain.insert(traditional ? "zh-Hant" : "zh-Hans", at: max(chain.count - 1, 0))
        }
        if !chain.contains(where: { $0.lowercased() == english }) { chain.append(english) }
        return chain
    }

    /// The language every theme text falls back to.
    static let english = "en"

    /// `pt-BR` → `pt`: the language whose plural rules apply.
    static func primary(_ tag: String) -> String {
        String(tag.prefix { $0 != "-" }).lowercased()
    }
}
