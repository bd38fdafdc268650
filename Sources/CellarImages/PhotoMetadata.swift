import Foundation

/// What a photo's EXIF says about how it was taken, typed.
package struct PhotoMetadata: Sendable, Hashable, Codable {
    /// When it was taken, as the camera's clock read it (`2024-05-01T12:30:00`, no time zone).
    package var taken: String?
    package var make: String?
    package var model: String?
    package var lens: String?
    /// Exposure time in seconds.
    package var exposure: Double?
    package var fNumber: Double?
    package var iso: Int?
    /// Focal length in millimetres.
    package var focalLength: Double?

    package init() {}

    /// Camera make and model as people say it: the model alone when it already names the make
    /// (`Canon EOS R5`, not `Canon Canon EOS R5`).
    package var camera: String? {
        switch (make, model) {
        case let (make?, model?): model.lowercased().hasPrefix(make.lowercased().split(separator: " ").first.map(String.init) ?? make.lowercased())
            ? model : make + " " + model
        case let (make?, nil): make
        case let (nil, model?): model
        default: nil
        }
    }

    /// `1/250 s`, `2 s`, `0.3 s`.
    package var exposureText: String? {
        guard let exposure, exposure > 0 else { return nil }
        if exposure < 1 {
            let denominator = (1 / exposure).rounded()
            if abs(1 / denominator - exposure) / exposure < 0.05 { return "1/\(Int(denominator)) s" }
        }
        return Self.short(exposure) + " s"
    }

    /// `f/2.8`.
    package var apertureText: String? { fNumber.map { "f/" + Self.short($0) } }

    private static func short(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    /// Reads the fields libvips gives (`exif-ifd0-Make` → `Canon (Canon, ASCII, 6 components, 6 bytes)`).
    init(fields: (String) -> String?) {
        func raw(_ name: String) -> String? {
            guard let text = fields(name) else { return nil }
            let value = Self.rawValue(text).trimmingCharacters(in: .whitespaces)
            return value.isEmpty ? nil : value
        }
        if let date = raw("exif-ifd2-DateTimeOriginal") ?? raw("exif-ifd0-DateTime") { taken = Self.isoDate(date) }
        make = raw("exif-ifd0-Make")
        model = raw("exif-ifd0-Model")
        lens = raw("exif-ifd2-LensModel")
        exposure = raw("exif-ifd2-ExposureTime").flatMap(Self.rational)
        fNumber = raw("exif-ifd2-FNumber").flatMap(Self.rational)
        iso = raw("exif-ifd2-ISOSpeedRatings").flatMap { Int($0.split(separator: " ").first ?? "") }
        focalLength = raw("exif-ifd2-FocalLength").flatMap(Self.rational)
    }

    /// The stored value in libvips' `stored (as shown, Type, n components, n bytes)`.
    static func rawValue(_ text: String) -> String {
        guard text.hasSuffix(" bytes)"), let open = text.range(of: " (", options: .backwards) else { return text }
        return String(text[..<open.lowerBound])
    }

    /// `28/10` → 2.8; `0.004` → 0.004.
    static func rational(_ text: String) -> Double? {
        let first = text.split(separator: " ").first.map(String.init) ?? text
        let parts = first.split(separator: "/")
        if parts.count == 2, let top = Double(parts[0]), let bottom = Double(parts[1]), bottom != 0 { return top / bottom }
        return Double(first)
    }

    /// `2024:05:01 12:30:00` → `2024-05-01T12:30:00`; nil for anything else (`0000:00:00 00:00:00`).
    static func isoDate(_ text: String) -> String? {
        let digits = text.unicodeScalars.filter { ("0"..."9").contains($0) }
        guard text.count >= 19, digits.count >= 14 else { return nil }
        let d = String(String.UnicodeScalarView(digits.prefix(14)))
        func part(_ from: Int, _ length: Int) -> String {
            String(d[d.index(d.startIndex, offsetBy: from)..<d.index(d.startIndex, offsetBy: from + length)])
        }
        guard let month = Int(part(4, 2)), (1...12).contains(month), let day = Int(part(6, 2)), (1...31).contains(day),
              let hour = Int(part(8, 2)), hour < 24, let minute = Int(part(10, 2)), minute < 60,
              let second = Int(part(12, 2)), second < 61, Int(part(0, 4)) ?? 0 > 0 else { return nil }
        return "\(part(0, 4))-\(part(4, 2))-\(part(6, 2))T\(part(8, 2)):\(part(10, 2)):\(part(12, 2))"
    }
}
