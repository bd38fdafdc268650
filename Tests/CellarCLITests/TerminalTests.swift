@testable import CellarCLI
import Testing

/// Colour is decided per stream: `cellar kinds > kinds.txt` in a terminal writes no escape codes
/// into the file, while its diagnostics on stderr stay coloured.
@Suite struct TerminalTests {
    @Test func stdoutAndStderrAreColouredEachByItsOwnRule() {
        let redirected = Terminal(isInteractive: true, useColor: true, useColorOnStdout: false) { _, _ in }
        #expect(redirected.styled("error:", .red) == "\u{1B}[1;31merror:\u{1B}[0m")
        #expect(redirected.styledForStdout("article", .bold) == "article")
        let bothOnATerminal = Terminal(isInteractive: true, useColor: true) { _, _ in }
        #expect(bothOnATerminal.styledForStdout("article", .bold) == "\u{1B}[1marticle\u{1B}[0m")
    }
}
