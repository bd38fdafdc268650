/// Finds GFM's extended autolinks in a run of text: `www.` and `http://`, `https://`, `ftp://` links
/// with a valid domain, and e-mail addresses; trailing punctuation, unbalanced closing parentheses and
/// entity-like `&name;` endings are left out of the link.
struct AutolinkScanner {
    enum Kind { case www, url, email }

    struct Match {
        var range: Range<Int>
        var kind: Kind
    }

    /// Whether text before the scanned run ends so that a `www.` link may start right at its beginning.
    var startsAtBoundary = true

    func matches(in scalars: [Unicode.Scalar]) -> [Match] {
        var found: [Match] = []
        var floor = 0   // nothing before the end of the previous link can belong to the next
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            var match: Match?
            if scalar == "w" {
                match = www(at: index, in: scalars)
            } else if scalar == ":" {
                match = url(colon: index, floor: floor, in: scalars)
            } else if scalar == "@" {
                match = email(at: index, floor: floor, in: scalars)
            }
            if let match {
                found.append(match)
                floor = match.range.upperBound
                index = match.range.upperBound
            } else {
                index += 1
            }
        }
        return found
    }

    // MARK: - Kinds

    private func www(at start: Int, in s: [Unicode.Scalar]) -> Match? {
        guard start + 4 < s.count, s[start + 1] == "w", s[start + 2] == "w", s[start + 3] == "." else { return nil }
        if start == 0 {
            guard startsAtBoundary else { return nil }
        } else {
            let before = s[start - 1]
            guard CharacterClass.isWhitespace(before) || before == "*" || before == "_" || before == "~" || before == "("
            else { return nil }
        }
        guard let domainEnd = domain(from: start, in: s, requirePeriod: true), domainEnd > start + 4 else { return nil }
        let end = trimmed(start: start, end: pathEnd(from: domainEnd, in: s), in: s)
        return end > start + 4 ? Match(range: start..<end, kind: .www) : nil
    }

    private func url(colon: Int, floor: Int, in s: [Unicode.Scalar]) -> Match? {
        guard colon + 3 < s.count, s[colon + 1] == "/", s[colon + 2] == "/" else { return nil }
        var start = colon
        while start > floor, CharacterClass.isASCIILetter(s[start - 1]) { start -= 1 }
        guard Self.isScheme(s[start..<colon]) else { return nil }
        guard isHostCharacter(s[colon + 3]),
              let domainEnd = domain(from: colon + 3, in: s, requirePeriod: false) else { return nil }
        let end = trimmed(start: colon + 3, end: pathEnd(from: domainEnd, in: s), in: s)
        return end > colon + 3 ? Match(range: start..<end, kind: .url) : nil
    }

    private func email(at: Int, floor: Int, in s: [Unicode.Scalar]) -> Match? {
        var start = at
        while start > floor, CharacterClass.isASCIIAlphanumeric(s[start - 1]) || Self.isLocalPunctuation(s[start - 1]) {
            start -= 1
        }
        guard start < at else { return nil }
        var end = at + 1
        var periods = 0
        while end < s.count {
            let scalar = s[end]
            if CharacterClass.isASCIIAlphanumeric(scalar) || scalar == "-" || scalar == "_" {
                end += 1
            } else if scalar == ".", end + 1 < s.count, CharacterClass.isASCIIAlphanumeric(s[end + 1]) {
                periods += 1
                end += 1
            } else {
                break
            }
        }
        guard end > at + 1, periods > 0, CharacterClass.isASCIILetter(s[end - 1]) else { return nil }
        return Match(range: start..<end, kind: .email)
    }

    // MARK: - Parts

    /// `http`, `https` or `ftp`, in any case.
    private static func isScheme(_ letters: ArraySlice<Unicode.Scalar>) -> Bool {
        let lower = letters.map { UInt8(truncatingIfNeeded: $0.value) | 0x20 }
        return lower.elementsEqual("http".utf8) || lower.elementsEqual("https".utf8) || lower.elementsEqual("ftp".utf8)
    }

    private static func isLocalPunctuation(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "." || scalar == "+" || scalar == "-" || scalar == "_"
    }

    private static func isTrailingPunctuation(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "?", "!", ".", ",", ":", "*", "_", "~", "'", "\"": true
        default: false
        }
    }

    /// The end of a valid domain starting at `start`: segments of letters, digits, `-` and `_` split by
    /// periods, no underscore in the last two segments.
    private func domain(from start: Int, in s: [Unicode.Scalar], requirePeriod: Bool) -> Int? {
        var index = start
        var periods = 0
        var underscoresInLast = 0
        var underscoresInPrevious = 0
        while index < s.count {
            let scalar = s[index]
            if scalar == "." {
                periods += 1
                underscoresInPrevious = underscoresInLast
                underscoresInLast = 0
            } else if scalar == "_" {
                underscoresInLast += 1
            } else if scalar != "-", !isHostCharacter(scalar) {
                break
            }
            index += 1
        }
        guard index > start, underscoresInLast == 0, underscoresInPrevious == 0 else { return nil }
        return !requirePeriod || periods > 0 ? index : nil
    }

    private func isHostCharacter(_ scalar: Unicode.Scalar) -> Bool {
        !CharacterClass.isWhitespace(scalar) && !CharacterClass.isPunctuation(scalar)
    }

    /// Everything up to whitespace or `<`.
    private func pathEnd(from start: Int, in s: [Unicode.Scalar]) -> Int {
        var index = start
        while index < s.count, !CharacterClass.isWhitespace(s[index]), s[index] != "<" { index += 1 }
        return index
    }

    /// Drops trailing punctuation, closing parentheses without an opening one and `&entity;` endings.
    private func trimmed(start: Int, end: Int, in s: [Unicode.Scalar]) -> Int {
        var end = end
        var opening = 0
        var closing = 0
        for scalar in s[start..<end] {
            if scalar == "(" { opening += 1 } else if scalar == ")" { closing += 1 }
        }
        while end > start {
            let last = s[end - 1]
            if Self.isTrailingPunctuation(last) {
                end -= 1
            } else if last == ";" {
                var name = end - 2
                while name >= start, CharacterClass.isASCIIAlphanumeric(s[name]) { name -= 1 }
                // (what goes, `&name;` or `;`, holds no parenthesis: the counts stay right)
                if name >= start, name < end - 2, s[name] == "&" { end = name } else { end -= 1 }
            } else if last == ")", closing > opening {
                closing -= 1
                end -= 1
            } else {
                break
            }
        }
        return end
    }
}
