import CellarFuzzing

/// libFuzzer entry point: the Mustache parser and renderer (see `FuzzingEntryPoints.mustache`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMustache(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzingEntryPoints.mustache(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
