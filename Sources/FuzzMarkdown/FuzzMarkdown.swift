import CellarFuzzing

/// libFuzzer entry point: the Markdown wrapper (safe and unsafe rendering, inline, reference rewriting).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMarkdown(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzingEntryPoints.markdown(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
