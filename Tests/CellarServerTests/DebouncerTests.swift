import Testing
@testable import CellarServer

@Suite struct DebouncerTests {
    let start = ContinuousClock.now

    @Test func nothingIsDueWithoutEvents() {
        let debouncer = Debouncer(quietPeriod: .milliseconds(30), maxDelay: .milliseconds(200))
        #expect(debouncer.deadline == nil)
        #expect(!debouncer.isDue(at: start + .seconds(10)))
    }

    @Test func burstIsDueAfterTheQuietPeriod() {
        var debouncer = Debouncer(quietPeriod: .milliseconds(30), maxDelay: .milliseconds(200))
        debouncer.record(at: start)
        debouncer.record(at: start + .milliseconds(20))
        #expect(debouncer.deadline == start + .milliseconds(50))
        #expect(!debouncer.isDue(at: start + .milliseconds(49)))
        #expect(debouncer.isDue(at: start + .milliseconds(50)))
    }

    @Test func steadyStreamIsCappedByTheMaxDelay() {
        var debouncer = Debouncer(quietPeriod: .milliseconds(30), maxDelay: .milliseconds(100))
        for step in 0..<20 {
            debouncer.record(at: start + .milliseconds(step * 10))
        }
        #expect(debouncer.deadline == start + .milliseconds(100))
    }

    @Test func resetForgetsTheBurst() {
        var debouncer = Debouncer(quietPeriod: .milliseconds(30), maxDelay: .milliseconds(100))
        debouncer.record(at: start)
        debouncer.reset()
        #expect(debouncer.deadline == nil)
        debouncer.record(at: start + .seconds(1))
        #expect(debouncer.deadline == start + .seconds(1) + .milliseconds(30))
    }

    @Test func maxDelayIsNeverShorterThanTheQuietPeriod() {
        let debouncer = Debouncer(quietPeriod: .milliseconds(50), maxDelay: .milliseconds(10))
        #expect(debouncer.maxDelay == .milliseconds(50))
    }
}
