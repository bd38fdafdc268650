import CellarMarkdown
import Foundation
import Testing

/// The HTML of `markdown` rendered with `options` (every extension, nothing else, unless told).
func html(_ markdown: String, _ options: MarkdownOptions = .allExtensions) -> String {
    MarkdownRenderer(options: options).render(markdown).html
}

/// The CPU seconds the calling thread spends in `body` (rendering runs on it alone): the work it
/// does. Unlike the time on a clock, it does not grow while other processes share the cores, so
/// the bounds below hold on a busy machine.
func seconds(_ body: () -> Void) -> Double {
    var start = timespec()
    var end = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &start)
    body()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &end)
    return Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9
}

/// Checks that a hostile input eight times larger costs not much more than eight times the work
/// (CPU time of the rendering thread): a quadratic cost shows as a ratio near 64.
func expectLinear(_ make: (Int) -> String, size: Int, options: MarkdownOptions = .default,
                  sourceLocation: SourceLocation = #_sourceLocation) {
    let renderer = MarkdownRenderer(options: options)
    let smallInput = make(size)
    let largeInput = make(size * 8)
    _ = renderer.render(make(size / 4))   // warm up
    // The least of a few runs, so a cold cache does not pass for a quadratic cost.
    let small = (0..<5).map { _ in seconds { _ = renderer.render(smallInput) } }.min() ?? 0
    let large = (0..<3).map { _ in seconds { _ = renderer.render(largeInput) } }.min() ?? 0
    // Eight times the input: linear ≈ 8×, quadratic ≈ 64×. Ignore ratios of costs too small to
    // measure (the sizes are chosen so a quadratic cost takes seconds).
    #expect(large < max(small * 24, 0.5), "8× the input cost \(large) s of CPU against \(small) s", sourceLocation: sourceLocation)
}
