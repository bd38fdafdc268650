import CellarFuzzing
import Dispatch

/// libFuzzer entry point: builds a one-file site whose item is the input, end to end.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSite(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let done = DispatchSemaphore(value: 0)
    Task {
        await FuzzingEntryPoints.site(bytes)
        done.signal()
    }
    done.wait()
    return 0
}
