import Foundation

/// A tag and how many published items carry it.
public struct TagCount: Sendable, Hashable {
    public var name: String
    public var url: URLPath
    public var count: Int
}
