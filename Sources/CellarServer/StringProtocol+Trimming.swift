/// Header values trimmed of the spaces and tabs HTTP allows around them (`Range`, `If-Range`, `Host`, `If-None-Match`).
extension StringProtocol {
    /// The text without the given characters at either end.
    func trimmingCharacters(_ characters: String) -> Substring {
        let text = self[...]
        guard let first = text.firstIndex(where: { !characters.contains($0) }),
              let last = text.lastIndex(where: { !characters.contains($0) })
        else { return Substring() }
        return Substring(text[first...last])
    }
}
