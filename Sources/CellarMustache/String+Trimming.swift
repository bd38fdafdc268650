extension String {
    /// The string without leading and trailing spaces, tabs and line breaks.
    func trimmingBlanks() -> String {
        let utf8 = Array(self.utf8)
        var start = 0
        var end = utf8.count
        while start < end && TemplateParser.isWhitespace(utf8[start]) { start += 1 }
        while end > start && TemplateParser.isWhitespace(utf8[end - 1]) { end -= 1 }
        return String(decoding: utf8[start..<end], as: UTF8.self)
    }
}
