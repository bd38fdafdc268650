import CellarDiagnostics

extension ItemParser {
    /// The front matter decoded as its Swift kind, once, while the file is parsed (nil for theme
    /// kinds, and when typing already reported the front matter's problems: decoding would only
    /// repeat them).
    func decodeSwiftValue(_ fields: [String: TypedField], kind: KindDefinition, start: SourceLocation, typedCleanly: Bool,
                          diagnostics: inout DiagnosticBag) -> (any Kind)? {
        guard let swiftType = kind.swiftType, typedCleanly else { return nil }
        do throws(Diagnostic) {
            return try FrontMatterDecoder(fields: fields, start: start, kind: kind).decode(swiftType.type)
        } catch {
            diagnostics.append(error)
            return nil
        }
    }
}
