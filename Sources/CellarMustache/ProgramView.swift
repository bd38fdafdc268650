/// A ``Program``'s arrays, borrowed for one run so that reading them copies nothing.
struct ProgramView {
    let program: Program
    let instructions: UnsafeBufferPointer<Program.Instruction>
    let text: UnsafeBufferPointer<UInt8>
    let paths: UnsafeBufferPointer<VariablePath>

    /// Calls `body` with a view of `program`, valid only during the call.
    static func with<Result>(
        _ program: Program, _ body: (ProgramView) throws(MustacheError) -> Result
    ) throws(MustacheError) -> Result {
        try program.instructions.withUnsafeBufferPointer { (instructions) throws(MustacheError) in
            try program.text.withUnsafeBufferPointer { (text) throws(MustacheError) in
                try program.paths.withUnsafeBufferPointer { (paths) throws(MustacheError) in
                    try body(ProgramView(program: program, instructions: instructions, text: text, paths: paths))
                }
            }
        }
    }
}
