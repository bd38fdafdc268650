import Foundation

/// A tag and how many published items carry it.
package struct TagCount: Sendable, Hashable {
    package var name: String
    package var url: URLPath
    package var count: Int
}
