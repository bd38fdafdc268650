// The C library of the platform, for every file of the module: the one place that chooses
// between Glibc and Darwin (it is re-exported, as `import Foundation` re-exports it too).
#if canImport(Glibc)
@_exported import Glibc
#elseif canImport(Darwin)
@_exported import Darwin
#endif
