import CellarDiagnostics

/// One problem found in a site, in the compiler's format:
/// `content/reviews/dune.md:4:9: error: 'rating' must be an integer from 0 to 10, found "ten"`.
public typealias Diagnostic = CellarDiagnostics.Diagnostic

/// A place in a source file: the file as shown to people, a line and a column, from 1.
public typealias SourceLocation = CellarDiagnostics.SourceLocation

/// Every diagnostic of a build or check, collected before anything fails.
public typealias DiagnosticBag = CellarDiagnostics.DiagnosticBag
