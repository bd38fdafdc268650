import CellarHighlight
import Testing

/// PCRE2 replaces Boost.Regex under Source-highlight's rules for speed: on every language and a
/// corpus of code in many styles, both must draw exactly the same HTML.
@Suite struct MatcherEquivalenceTests {
    static let corpus: [String] = [
        "#include <stdio.h>\n/* block\n comment */ int main(int argc, char **argv) {\n  printf(\"%d\\n\", argc); // line\n  return 0x1F + 'c';\n}\n",
        "#!/bin/sh\nfor f in *.md; do\n  echo \"$f ${f%.md}\" | sed -e 's/a/b/g' > \"$out\" # note\ndone\ncat <<EOF\nhere $x\nEOF\n",
        "def render(item, *args, **kw):\n    \"\"\"Doc string.\"\"\"\n    return f\"<h2>{item!r}</h2>\" if kw else r'raw\\d' # c\n@decorator\nclass A(B): pass\n",
        "function f(a, b) { return a === b ? /re[gx]+/gi.test(`t ${a}`) : null; } // c\nconst x = { 'k': [1, 2.5e3] };\n",
        "<!DOCTYPE html>\n<html lang=\"en\"><!-- comment --><body class='x'>&amp; <script>var a = 1 < 2;</script></body></html>\n",
        "SELECT name, COUNT(*) FROM items WHERE id IN (1, 2) AND title LIKE '%x%' -- comment\nORDER BY 2 DESC;\n",
        "--- a/file.c\n+++ b/file.c\n@@ -1,3 +1,4 @@\n-old line\n+new line\n context\n",
        "(defun f (x) \"doc\" (if (> x 0) (* x 2) 'neg)) ; comment\n#| block |# (let ((a 1)) a)\n",
        "main :: IO ()\nmain = do\n  let xs = [1..10] -- comment\n  {- block -} print (foldr (+) 0 xs)\n",
        "local t = { [1] = \"a\", b = 'c' } --[[ long\ncomment ]] --[==[ level ]==] print(#t)\n",
        "sub f { my ($x) = @_; $x =~ s/(\\w+)/\\u$1/g; return qq{$x}; } # perl\nprint <<\"END\";\ntext\nEND\n",
        "fn main() { let s = r#\"raw \"str\"\"#; let b = b'x'; println!(\"{}\", s); } // c\n/* nested /* */ */\n",
        "all: build\n\t$(CC) -o $@ $^ # recipe\nvar := value\n.PHONY: all\n",
        "[section]\nkey = value ; comment\n# other\nname=\"quoted\"\n",
        "@media (max-width: 600px) { .a > b::before { color: #fff !important; content: \"x\"; } } /* c */\n",
        "\\documentclass{article}\n\\begin{document} $x^2$ % comment\n\\end{document}\n",
        "{\"a\": [1, -2.5e-3, true, null], \"b\": {\"c\": \"\\u00e9\\\"\"}}\n",
        "import Foundation\n@MainActor struct A { let s = #\"raw\"# ; var x: Int { get { 0b1010 } } }\n",
        "key: value # c\nlist: [a, 'b', {c: 1}]\nblock: |\n  text\n",
        "title = \"x\"\n[table]\ndate = 1979-05-27T07:32:00Z\n",
        "# Heading\n*em* **strong** `code` [link](url)\n",
        "weird \u{0} nul, tabs\t\there, unicode é ✓ 日本, ünïcödé identifiers, backslash at end \\\n",
        "",
        "\n\n\n",
        String(repeating: "x = \"a\" + 'b' /* c */ // d\n", count: 50),
    ]

    @Test(arguments: testHighlighter.languages)
    func pcre2DrawsWhatBoostDraws(_ language: CodeLanguage) {
        for code in Self.corpus {
            let fast = testHighlighter.highlight(code, language: language.name)
            let reference = boostHighlighter.highlight(code, language: language.name)
            #expect(fast.html == reference.html, "\(language.name) on \(code.prefix(40).debugDescription)")
            #expect(fast.isHighlighted == reference.isHighlighted)
        }
    }
}
