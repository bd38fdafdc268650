import AnnotatedLocking
import Synchronization

/// Terms numbered once for all the tokenizers of a session: a tokenizer asks for a term's number
/// the first time it meets the term (once per term and tokenizer, not per occurrence), and the
/// terms of each document it reads carry their numbers (``DocumentTerms/termNumbers``), so that the
/// index gathers its postings by number (``SearchIndexState/init(ids:keys:rows:terms:numbers:)``)
/// rather than looking up a string per document and term — millions of times at 100,000 items.
package final class TermNumbers: Sendable {
    /// Tells apart the numbers of two instances (0 is no instance's): a document numbered by
    /// another one is read by its strings.
    package let id: UInt64
    private let table = Mutex(StringTable(capacity: 4096))
    private static let instances = Atomic<UInt64>(0)

    package init() {
        id = Self.instances.add(1, ordering: .relaxed).newValue
    }

    /// The number of `term` (given now if it has none).
    package func number(of term: String) -> Int32 {
        table.withAnnotatedLock { Int32($0.add(term).number) }
    }

    /// The strings of `numbers` (one lock for all of them).
    package func texts(_ numbers: [Int32]) -> [String] {
        guard !numbers.isEmpty else { return [] }
        return table.withAnnotatedLock { table in numbers.map { table.strings[Int($0)] } }
    }

    /// The number of each of `strings`, in one lock.
    package func numbers(of strings: [String]) -> [Int32] {
        table.withAnnotatedLock { table in strings.map { Int32(table.add($0).number) } }
    }

    /// Every term numbered so far, by number.
    package var terms: [String] {
        table.withAnnotatedLock { $0.strings }
    }
}
