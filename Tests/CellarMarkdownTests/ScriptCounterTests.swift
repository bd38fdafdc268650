@testable import CellarMarkdown
import CellarTestSupport
import Testing

/// ``ScriptCounter/prose(_:)-(UnsafeBufferPointer<UInt8>)`` counts eight ASCII bytes a step: its
/// counts must be those of the rule applied one character at a time, whatever the mix and however
/// the text is cut into nodes.
@Suite struct ScriptCounterTests {
    /// The rule one scalar at a time: the counting as it was before the eight-byte step.
    private struct OneAtATime {
        var words = 0, proseWords = 0, han = 0, kana = 0
        var inRun = false, proseCounted = false

        mutating func prose(_ text: String) {
            for scalar in text.unicodeScalars {
                if scalar.isASCII {
                    let space = " \n\t\r".unicodeScalars.contains(scalar)
                    let letter = ("0"..."9").contains(scalar) || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
                    if !inRun, !space { words += 1 }
                    if !proseCounted, letter { proseWords += 1 }
                    proseCounted = !space && (proseCounted || letter)
                    inRun = !space
                    continue
                }
                if !inRun { words += 1; inRun = true }
                if ScriptCounter.isHan(scalar.value) {
                    han += 1
                    proseCounted = false
                } else if ScriptCounter.isKana(scalar.value) {
                    kana += 1
                    proseCounted = false
                } else if CharacterClass.isWhitespace(scalar) {
                    proseCounted = false
                } else if !proseCounted, scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                    proseWords += 1
                    proseCounted = true
                }
            }
        }
    }

    private func counted(_ parts: [String]) -> (words: Int, prose: Int, han: Int, kana: Int) {
        var counter = ScriptCounter()
        for part in parts { part.withCString { counter.prose($0) } }
        return (counter.words, counter.counts.proseWords, counter.counts.hanCharacters, counter.counts.kanaCharacters)
    }

    private func expected(_ parts: [String]) -> (words: Int, prose: Int, han: Int, kana: Int) {
        var reference = OneAtATime()
        for part in parts { reference.prose(part) }
        return (reference.words, reference.proseWords, reference.han, reference.kana)
    }

    private func check(_ parts: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        let (got, want) = (counted(parts), expected(parts))
        #expect(got == want, "\(parts)", sourceLocation: sourceLocation)
    }

    @Test func emptyAndShort() {
        check([])
        check([""])
        check(["", "", ""])
        check(["a"])
        check([" "])
        check(["-"])
        check(["abcdefg"])   // one byte short of a step of eight
    }

    @Test func knownCounts() {
        #expect(counted(["The quick brown fox -- it jumps over the lazy dog's back."]) == (12, 11, 0, 0))
        #expect(counted(["-- -- ab-c --x 9"]) == (5, 3, 0, 0))   // -- | -- | ab-c | --x | 9
        #expect(counted(["東京はCellarで"]) == (1, 1, 2, 2))
        #expect(counted(["        ", "abcdefgh", "ijklmnop", " "]) == (1, 1, 0, 0))   // a word across nodes
    }

    @Test func edgesOfTheEightByteStep() {
        // Every place of a letter, space, other and non-ASCII byte around the 8-byte boundaries,
        // with a run going on (or not) from the node before.
        let fillers = ["-", "a", " ", "\t", "\r\n", "é", "東", "\u{3000}", "\u{A0}", ".", "7", "Z", "@", "`", "[", "{", "/", ":"]
        for before in ["", "x", "-", " "] {
            for filler in fillers {
                for length in 0...18 {
                    for place in 0..<max(length, 1) {
                        for base in ["-", "q", " "] {
                            var characters = Array(repeating: base, count: length)
                            if place < length { characters[place] = filler }
                            check([before, characters.joined()])
                        }
                    }
                }
            }
        }
    }

    @Test func randomMixesMatchTheOneAtATimeRule() {
        var generator = SeededRandom(seed: 49)
        let alphabet: [String] = [" ", " ", "\n", "\t", "\r", "a", "k", "Z", "0", "9", "-", ".", "'", "_", "\u{7F}", "\u{1}",
                                  "é", "ß", "東", "カ", "ー", "・", "\u{3000}", "\u{A0}", "١", "😀", "/", ":", "@", "`"]
        for _ in 0..<3_000 {
            let length = Int(generator.next() % 40)
            var text = ""
            for _ in 0..<length { text += alphabet[Int(generator.next() % UInt64(alphabet.count))] }
            // Cut into up to three nodes at scalar boundaries.
            let scalars = Array(text.unicodeScalars)
            let cuts = [Int(generator.next() % UInt64(scalars.count + 1)), Int(generator.next() % UInt64(scalars.count + 1))].sorted()
            let parts = [scalars[..<cuts[0]], scalars[cuts[0]..<cuts[1]], scalars[cuts[1]...]].map {
                var part = String.UnicodeScalarView()
                part.append(contentsOf: $0)
                return String(part)
            }
            check(parts)
        }
    }
}
