import CellarFuzzing

/// libFuzzer entry point: front matter split, YAML events and typing against a schema of every type.
/// Build and run with `Fuzz/run` (see Fuzz/README.md); a plain `swift build` makes an empty program.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFrontMatter(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzingEntryPoints.frontMatter(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
