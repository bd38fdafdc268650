import Foundation

/// One spec file: `{"overview": …, "tests": [...]}`.
struct SpecFile: Decodable {
    struct Case: Decodable {
        var name: String
        var desc: String
        var data: SpecJSON
        var template: String
        var partials: [String: String]?
        var expected: String
    }

    var tests: [Case]
}
