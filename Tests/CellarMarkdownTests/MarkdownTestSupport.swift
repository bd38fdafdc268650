import CellarMarkdown
import Foundation
import Testing

/// The HTML of `markdown` rendered with `options` (every extension, nothing else, unless told).
func html(_ markdown: String, _ options: MarkdownOptions = .allExtensions) -> String {
    MarkdownRenderer(options: options).render(markdown).html
}

/// Seconds `body` takes, to bound hostile inputs (generously: a debug build on a shared machine).
func seconds(_ body: () -> Void) -> Double {
    let clock = ContinuousClock()
    let elapsed = clock.measure(body)
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

/// Checks that a hostile input eight times larger takes not much more than eight times as long: a
/// quadratic cost shows as a ratio near 64. (A bound on growth, not a timing: the margin is wide
/// enough for a machine busy with other builds.)
func expectLinear(_ make: (Int) -> String, size: Int, options: MarkdownOptions = .default,
                  sourceLocation: SourceLocation = #_sourceLocation) {
    let renderer = MarkdownRenderer(options: options)
    let smallInput = make(size)
    let largeInput = make(size * 8)
    _ = renderer.render(make(size / 4))   // warm up
    // The best of three runs, so a busy machine does not pass for a quadratic cost.
    let small = (0..<5).map { _ in seconds { _ = renderer.render(smallInput) } }.min() ?? 0
    let large = (0..<3).map { _ in seconds { _ = renderer.render(largeInput) } }.min() ?? 0
    // Eight times the input: linear ≈ 8×, quadratic ≈ 64×. Allow noise from a busy machine, and ignore
    // ratios of times too short to measure (the sizes are chosen so a quadratic cost takes seconds).
    #expect(large < max(small * 24, 0.5), "8× the input took \(large)s against \(small)s", sourceLocation: sourceLocation)
}
