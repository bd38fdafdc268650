import Dispatch

/// Lets go of a large value on another thread. Freeing a 100,000-item site's memo — items, bodies,
/// cells, manifests — takes a core over a second, and the build's caller need not wait for it:
/// `cellar build` exits as soon as it has printed, and the process ends with it.
enum BackgroundRelease {
    /// Frees `value` later, off the calling thread. The caller must hold no other reference to what
    /// it owns (pass `consume value`), or the freeing may still happen on the caller's side.
    static func release<T: Sendable>(_ value: consuming T) {
        let box = Box(value)
        DispatchQueue.global(qos: .utility).async { box.value = nil }
    }

    private final class Box<Value: Sendable>: @unchecked Sendable {
        // Written once more, by the one block that holds the box: never shared while it changes.
        var value: Value?
        init(_ value: consuming Value) { self.value = consume value }
    }
}
