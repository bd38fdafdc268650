// Renders a typical Cellar cell template (29 tags: about twenty variables, two sections and an inverted
// one, one list of tags, one partial) over 300 varied items and prints renders per second.
// Run: swift build -c release --product mustache-bench && .build/release/mustache-bench
import CellarMustache
import Dispatch
import Foundation
import Synchronization

let cell = """
    <article class="cell cell-{{kind}}{{#featured}} is-featured{{/featured}}" id="{{slug}}" data-section="{{section}}">
      <header>
        <span class="kind">{{kind}}</span>
        <h2 class="title"><a href="{{url}}">{{title}}</a></h2>
        <p class="meta">
          <time datetime="{{date.iso}}">{{date.display}}</time>
          {{#author}}by <span class="author">{{name}}</span>{{/author}}{{^author}}<span class="author">anonymous</span>{{/author}}
        </p>
      </header>
      <img src="{{poster}}" alt="{{title}}" loading="lazy">
      <div class="summary">{{{summary}}}</div>
      <p class="rating">{{rating}}/10 · {{readingTime}} min read · {{wordCount}} words</p>
      <ul class="tags">
        {{#tags}}
        <li><a href="/tags/{{slug}}/">{{name}}</a></li>
        {{/tags}}
      </ul>
      {{>cell-footer}}
    </article>

    """
let footer = """
    <footer><a class="more" href="{{url}}">Read “{{title}}”</a> in {{section}}</footer>

    """

/// One of the item types Cellar renders without copying into a dictionary.
struct Review: MustacheObject {
    var title: String, slug: String, url: String, rating: Int, poster: String, summary: String, words: Int
    var tags: [MustacheValue], date: MustacheValue, author: MustacheValue

    func mustacheValue(forKey key: String) -> MustacheValue? {
        switch key {
        case "kind": "review"
        case "title": .string(title)
        case "slug": .string(slug)
        case "url": .string(url)
        case "rating": .int(rating)
        case "poster": .string(poster)
        case "summary": .html(summary)
        case "wordCount": .int(words)
        case "readingTime": .int(words / 200 + 1)
        case "tags": .list(tags)
        case "date": date
        case "author": author
        case "section": "Reviews"
        case "featured": .bool(rating >= 9)
        default: nil
        }
    }
}

let tagNames = (0..<40).map { "topic \($0)" }
func tags(_ seed: Int) -> [MustacheValue] {
    (0..<(1 + seed % 3)).map { offset in
        let name = tagNames[(seed * 7 + offset * 13) % tagNames.count]
        return ["name": .string(name), "slug": .string(name.replacingOccurrences(of: " ", with: "-"))]
    }
}

let items: [MustacheValue] = (0..<300).map { index in
    let title = "Item #\(index): \(index % 5 == 0 ? "Q&A <special> edition" : "a plain title number \(index)")"
    let date: MustacheValue = ["iso": .string("2025-\(index % 12 + 1)-\(index % 28 + 1)"), "display": .string("\(index % 28 + 1) March 2025")]
    let author: MustacheValue = index % 4 == 0 ? .null : ["name": .string("Author \(index % 17)")]
    let summary = "<p>Summary of item \(index), with <em>markup</em> that is already safe.</p>"
    if index % 3 == 0 {
        return .custom(Review(
            title: title, slug: "item-\(index)", url: "/reviews/item-\(index)/", rating: index % 11, poster: "/posters/\(index).png",
            summary: summary, words: 800 + index * 3, tags: tags(index), date: date, author: author))
    }
    return [
        "kind": index % 3 == 1 ? "article" : "photo", "title": .string(title), "slug": .string("item-\(index)"),
        "url": .string("/posts/item-\(index)/"), "featured": .bool(index % 7 == 0), "date": date, "author": author,
        "poster": .string("/images/\(index).jpg"), "summary": .html(summary), "rating": .int(index % 11),
        "readingTime": .int(index % 9 + 1), "wordCount": .int(1_000 + index), "tags": .list(tags(index)),
        "section": "Blog",
    ]
}

let library = MustacheLibrary(loader: DictionaryLoader(["cell": cell, "cell-footer": footer]))
let template = try library.template(named: "cell")

// Sanity: the output is plausible, so the optimizer cannot skip the work.
for (index, expected) in [(0, "/reviews/item-0/"), (1, "/posts/item-1/")] {
    let sample = try template.render(items[index], library: library)
    precondition(sample.contains(expected) && sample.contains("Q&amp;A &lt;special&gt; edition") == (index % 5 == 0)
                 && sample.contains("<footer>") && sample.contains("/tags/topic-"), "unexpected output:\n\(sample)")
}

/// Renders `count` items on the calling thread; returns the bytes produced (a checksum of sorts).
/// `utf8`: into a reused byte buffer, as a page headed for a file is rendered (no `String` made).
func renderLoop(_ count: Int, offset: Int = 0, reuseBuffer: Bool, utf8: Bool = false) -> Int {
    var bytes = 0
    var buffer = ""
    var utf8Buffer: [UInt8] = []
    do {
        for index in 0..<count {
            let item = items[(index + offset) % items.count]
            if utf8 {
                utf8Buffer.removeAll(keepingCapacity: true)
                try template.render(item, library: library, appendingUTF8To: &utf8Buffer)
                bytes += utf8Buffer.count
            } else if reuseBuffer {
                buffer.removeAll(keepingCapacity: true)
                try template.render(item, library: library, into: &buffer)
                bytes += buffer.utf8.count
            } else {
                bytes += try template.render(item, library: library).utf8.count
            }
        }
    } catch {
        fatalError("benchmark template failed: \(error)")
    }
    return bytes
}

/// CPU time this thread has used, in seconds (immune to other processes sharing the core).
func threadCPUTime() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// Runs `body` five times; prints and returns the best rate by wall time, plus the best by thread CPU time.
@discardableResult
func measure(_ label: String, renders: Int, cpuTime: Bool = true, _ body: () -> Int) -> Double {
    let clock = ContinuousClock()
    var bestWall = Double.infinity
    var bestCPU = Double.infinity
    var bytes = 0
    for _ in 0..<5 {
        let cpuStart = threadCPUTime()
        let elapsed = clock.measure { bytes = body() }
        bestCPU = min(bestCPU, threadCPUTime() - cpuStart)
        bestWall = min(bestWall, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }
    precondition(bytes > renders * 500, "output too small: \(bytes) bytes")
    let rate = Double(renders) / bestWall
    let padded = label.padding(toLength: 44, withPad: " ", startingAt: 0)
    let cpu = cpuTime ? ", \(Int(Double(renders) / bestCPU).formatted()) per CPU-second" : ""
    print("\(padded) \(Int(rate).formatted()) renders/s wall\(cpu)  (\(bytes / renders) B each, best of 5)")
    return rate
}

let renders = ProcessInfo.processInfo.environment["MUSTACHE_BENCH_RENDERS"].flatMap(Int.init) ?? 200_000
let cores = ProcessInfo.processInfo.activeProcessorCount
let tagCount = (cell + footer).components(separatedBy: "{{").count - 1
print("cell template + partial: \(cell.utf8.count + footer.utf8.count) bytes, \(tagCount) tags; \(items.count) items, 1/3 of them a MustacheObject")
_ = renderLoop(20_000, reuseBuffer: false)  // warm up
_ = measure("1 thread, new String per render:", renders: renders) { renderLoop(renders, reuseBuffer: false) }
_ = measure("1 thread, reused buffer:", renders: renders) { renderLoop(renders, reuseBuffer: true) }
_ = measure("1 thread, into UTF-8 bytes (no String):", renders: renders) { renderLoop(renders, reuseBuffer: true, utf8: true) }
guard ProcessInfo.processInfo.environment["MUSTACHE_BENCH_SINGLE"] == nil else { exit(0) }
let total = renders * cores
let parallel = measure("\(cores) threads, one shared template, new String:", renders: total, cpuTime: false) {
    let counts = Mutex([Int](repeating: 0, count: cores))
    DispatchQueue.concurrentPerform(iterations: cores) { worker in
        let bytes = renderLoop(renders, offset: worker * 37, reuseBuffer: false)
        counts.withLock { $0[worker] = bytes }
    }
    return counts.withLock { $0.reduce(0, +) }
}
print("per core with \(cores) threads: \(Int(parallel / Double(cores)).formatted()) renders/s wall")
