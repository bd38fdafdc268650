extension LanguageCatalog {
    struct Entry {
        var name: String
        var definition: String
        var origin: CodeLanguage.Origin
        var aliases: [String]
    }

    /// Cellar's names. Its own definitions first; then the names people write in fences for
    /// Source-highlight's definitions (the system `lang.map` adds the rest, mostly file extensions).
    /// Where Source-highlight has no definition, the closest one stands in (TypeScript is drawn
    /// as JavaScript, Objective-C as C++).
    static let table: [Entry] = [
        Entry(name: "swift", definition: "swift.lang", origin: .cellar, aliases: []),
        Entry(name: "yaml", definition: "yaml.lang", origin: .cellar, aliases: ["yml"]),
        Entry(name: "toml", definition: "toml.lang", origin: .cellar, aliases: []),
        Entry(name: "markdown", definition: "markdown.lang", origin: .cellar, aliases: ["md", "mkd", "mdown"]),
        Entry(name: "elixir", definition: "elixir.lang", origin: .cellar, aliases: ["ex", "exs", "iex"]),

        Entry(name: "sh", definition: "sh.lang", origin: .sourceHighlight, aliases: ["bash", "shell", "console", "shell-session", "ksh", "csh", "tcsh"]),
        Entry(name: "zsh", definition: "zsh.lang", origin: .sourceHighlight, aliases: []),
        Entry(name: "javascript", definition: "javascript.lang", origin: .sourceHighlight, aliases: ["js", "jsx", "mjs", "cjs", "ts", "typescript", "tsx"]),
        Entry(name: "python", definition: "python.lang", origin: .sourceHighlight, aliases: ["py", "py3", "python3"]),
        Entry(name: "ruby", definition: "ruby.lang", origin: .sourceHighlight, aliases: ["rb"]),
        Entry(name: "cpp", definition: "cpp.lang", origin: .sourceHighlight, aliases: ["c++", "cxx", "cc", "hpp", "objc", "objective-c", "objectivec", "obj-c", "objc++", "objective-c++"]),
        Entry(name: "c", definition: "c.lang", origin: .sourceHighlight, aliases: []),
        Entry(name: "csharp", definition: "csharp.lang", origin: .sourceHighlight, aliases: ["c#", "cs"]),
        Entry(name: "rust", definition: "rust.lang", origin: .sourceHighlight, aliases: ["rs"]),
        Entry(name: "go", definition: "go.lang", origin: .sourceHighlight, aliases: ["golang"]),
        Entry(name: "java", definition: "java.lang", origin: .sourceHighlight, aliases: []),
        Entry(name: "html", definition: "html.lang", origin: .sourceHighlight, aliases: ["htm"]),
        Entry(name: "xml", definition: "xml.lang", origin: .sourceHighlight, aliases: ["svg", "plist", "xhtml", "xsd", "xsl"]),
        Entry(name: "css", definition: "css.lang", origin: .sourceHighlight, aliases: []),
        Entry(name: "json", definition: "json.lang", origin: .sourceHighlight, aliases: ["jsonc", "json5"]),
        Entry(name: "diff", definition: "diff.lang", origin: .sourceHighlight, aliases: ["patch", "udiff"]),
        Entry(name: "sql", definition: "sql.lang", origin: .sourceHighlight, aliases: ["mysql", "postgresql", "psql", "sqlite"]),
        Entry(name: "makefile", definition: "makefile.lang", origin: .sourceHighlight, aliases: ["make", "mk", "mak"]),
        Entry(name: "ini", definition: "desktop.lang", origin: .sourceHighlight, aliases: ["desktop", "cfg"]),
        Entry(name: "perl", definition: "perl.lang", origin: .sourceHighlight, aliases: ["pm"]),
        Entry(name: "php", definition: "php.lang", origin: .sourceHighlight, aliases: []),
        Entry(name: "haskell", definition: "haskell.lang", origin: .sourceHighlight, aliases: ["hs"]),
        Entry(name: "latex", definition: "latex.lang", origin: .sourceHighlight, aliases: ["tex"]),
        Entry(name: "lua", definition: "lua.lang", origin: .sourceHighlight, aliases: []),
        Entry(name: "ocaml", definition: "caml.lang", origin: .sourceHighlight, aliases: ["caml", "ml", "mli"]),
        Entry(name: "batch", definition: "bat.lang", origin: .sourceHighlight, aliases: ["bat", "cmd"]),
    ]
}
