internal import CellarEscaping

/// A horizontal bar chart drawn as inline SVG: one group of bars per row of data, one bar per
/// series, each bar as long as its value against the largest one. Text follows the page's colour
/// (`currentColor`); bars have fill colours a theme may restyle through their classes
/// (`chart-series-1`…), so the chart reads in light and dark without any stylesheet.
struct BarChart: Sendable, Equatable {
    struct Group: Sendable, Equatable {
        var label: String
        /// One value per series, as written (`1.56`) with its number; nil: no bar.
        var values: [(text: String, number: Double)?]

        static func == (lhs: Group, rhs: Group) -> Bool {
            lhs.label == rhs.label && lhs.values.count == rhs.values.count
                && zip(lhs.values, rhs.values).allSatisfy { $0?.text == $1?.text && $0?.number == $1?.number }
        }
    }

    var title: String
    var series: [String]
    var groups: [Group]
    /// Written after each value: `s`, `MiB`.
    var unit: String?
    /// Unique on the page: the ids of the title and description are made from it.
    var id: String

    /// Fill colours used when no stylesheet says otherwise, each at least 3:1 against white and black
    /// backgrounds' middle greys (WCAG's contrast for graphics).
    static let palette = ["#8b1e3f", "#1a5fb4", "#9a6700", "#1f6f43", "#6b4fa0", "#5f5a54"]

    // Geometry, in the SVG's own units (it is scaled to the width of its container).
    static let width = 640.0
    static let barHeight = 18.0
    static let barGap = 4.0
    static let groupGap = 14.0
    static let legendHeight = 28.0
    static let valueWidth = 84.0
    static let characterWidth = 7.2   // an average character at the chart's 13-unit font

    /// What a screen reader says: every value of every group.
    var summary: String {
        groups.map { group in
            group.label + ": " + zip(series, group.values).compactMap { name, value in
                value.map { "\(name) \($0.text)\(unit.map { " " + $0 } ?? "")" }
            }.joined(separator: ", ")
        }.joined(separator: "; ")
    }

    var svg: String {
        let largest = groups.flatMap { $0.values.compactMap { $0?.number } }.max() ?? 0
        let labelWidth = min(Self.width * 0.4, Double(groups.map(\.label.count).max() ?? 0) * Self.characterWidth + 12)
        let barSpace = Self.width - labelWidth - Self.valueWidth
        let groupHeight = Double(series.count) * (Self.barHeight + Self.barGap) - Self.barGap
        let height = Self.legendHeight + Double(groups.count) * (groupHeight + Self.groupGap)
        var svg = "<svg class=\"chart-svg\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(Self.number(Self.width)) \(Self.number(height))\""
            + " role=\"img\" aria-labelledby=\"\(id)-title \(id)-desc\" font-size=\"13\">"
        svg += "<title id=\"\(id)-title\">\(Escaping.htmlText(title))</title>"
        svg += "<desc id=\"\(id)-desc\">\(Escaping.htmlText(summary))</desc>"
        // The legend: a swatch and the series' name, side by side.
        var x = 0.0
        for (index, name) in series.enumerated() {
            svg += "<rect class=\"chart-swatch chart-series-\(index + 1)\" x=\"\(Self.number(x))\" y=\"4\" width=\"12\" height=\"12\" rx=\"2\""
                + " fill=\"\(Self.palette[index % Self.palette.count])\"/>"
            svg += "<text x=\"\(Self.number(x + 18))\" y=\"14\" fill=\"currentColor\">\(Escaping.htmlText(name))</text>"
            x += 18 + Double(name.count) * Self.characterWidth + 20
        }
        var y = Self.legendHeight
        for group in groups {
            svg += "<text class=\"chart-label\" x=\"0\" y=\"\(Self.number(y + groupHeight / 2 + 4.5))\" fill=\"currentColor\">"
                + Escaping.htmlText(group.label) + "</text>"
            for (index, value) in group.values.enumerated() {
                let top = y + Double(index) * (Self.barHeight + Self.barGap)
                guard let value else { continue }
                let length = largest > 0 ? max(1, barSpace * value.number / largest) : 1
                let shown = value.text + (unit.map { " " + $0 } ?? "")
                svg += "<rect class=\"chart-bar chart-series-\(index + 1)\" x=\"\(Self.number(labelWidth))\" y=\"\(Self.number(top))\""
                    + " width=\"\(Self.number(length))\" height=\"\(Self.number(Self.barHeight))\" rx=\"2\""
                    + " fill=\"\(Self.palette[index % Self.palette.count])\"/>"
                svg += "<text class=\"chart-value\" x=\"\(Self.number(labelWidth + length + 6))\" y=\"\(Self.number(top + Self.barHeight - 4.5))\""
                    + " fill=\"currentColor\">\(Escaping.htmlText(shown))</text>"
            }
            y += groupHeight + Self.groupGap
        }
        return svg + "</svg>"
    }

    /// A coordinate with at most two decimals and no trailing zeros: `12`, `12.5`, `12.25`.
    static func number(_ value: Double) -> String {
        let hundredths = (value * 100).rounded()
        let whole = Int(hundredths) / 100
        let fraction = abs(Int(hundredths)) % 100
        if fraction == 0 { return String(whole) }
        let digits = fraction % 10 == 0 ? String(fraction / 10) : (fraction < 10 ? "0" : "") + String(fraction)
        return "\(whole).\(digits)"
    }
}
