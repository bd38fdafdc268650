/// The word lists and shares of the benchmark corpus, the same as `shared/bench/gen_corpus.py`.
enum CorpusVocabulary {
    struct Section: Sendable {
        var name: String
        var title: String
        var kind: String
        var share: Double
    }

    static let sections = [
        Section(name: "blog", title: "Blog", kind: "article", share: 0.35),
        Section(name: "links", title: "Links", kind: "link", share: 0.25),
        Section(name: "photos", title: "Photos", kind: "photo", share: 0.15),
        Section(name: "quotes", title: "Quotes", kind: "quote", share: 0.10),
        Section(name: "reviews", title: "Reviews", kind: "review", share: 0.15),
    ]
    static let kinds = ["article", "link", "photo", "quote", "review"]
    /// The rest of a section's items are of another kind.
    static let primaryKindShare = 0.85
    static let draftShare = 0.03

    static let tags = [
        "swift", "go", "rust", "python", "web", "design", "typography", "music",
        "film", "books", "travel", "cooking", "coffee", "cycling", "running",
        "photography", "gardening", "history", "science", "space", "climate",
        "privacy", "security", "open-source", "linux", "macos", "ios", "hardware",
        "keyboards", "games", "art", "architecture", "cities", "trains", "maps",
        "writing", "productivity", "health", "education", "economics",
    ]
    static let authors = [
        "Ada Lovelace", "Grace Hopper", "Alan Kay", "Donald Knuth", "Edsger Dijkstra",
        "Barbara Liskov", "Ursula K. Le Guin", "Italo Calvino", "Mary Oliver",
        "Jorge Luis Borges", "Virginia Woolf", "Toni Morrison", "Richard Feynman",
        "Carl Sagan", "Hannah Arendt", "Susan Sontag", "John Berger", "Ken Thompson",
        "Rob Pike", "Brian Kernighan", "Frances Allen", "Tony Hoare", "Margaret Hamilton",
        "Octavia Butler", "James Baldwin", "Annie Dillard", "Rebecca Solnit",
        "Wendell Berry", "Oliver Sacks", "Simone Weil",
    ]
    static let domains = [
        "example.com", "example.org", "example.net", "news.example.com",
        "blog.example.org", "docs.example.net", "journal.example.com",
    ]
    static let words = """
        the of and to in is was for on that with as by at from this it be are or an
        have not but which they were all one had their there been has would more when
        will who some out time can like into them could than first only other new what
        about just over then also after most made any many these may well way years
        back even must through much before where our should under between world both
        long each those city water light house river garden morning evening window
        road bridge market station library kitchen table letter paper story picture
        music sound voice color colour stone wood iron glass bread coffee tea winter
        summer autumn spring harbor island mountain valley forest field sea sky cloud
        rain snow wind night day week hour minute moment season year decade century
        small large quiet bright dark warm cold early late simple careful patient
        honest strange familiar distant ordinary useful broken finished open closed
        slow fast heavy light narrow wide ancient modern gentle sudden steady fragile
        write read build measure compare render publish design draw paint walk travel
        listen remember forget notice return arrive leave follow change keep carry
        begin finish explain describe imagine consider discover collect arrange repair
        people friend neighbor stranger teacher student writer reader maker builder
        engineer gardener baker painter traveler editor printer designer programmer
        idea thought question answer reason problem solution method system pattern
        detail surface shape structure language grammar sentence paragraph chapter
        page index list section archive feed template layout column margin type font
        """.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
    static let codeLines = [
        "let items = try load(\"content\")",
        "for item in items where !item.draft {",
        "    render(item, with: templates[item.kind])",
        "}",
        "func slug(_ s: String) -> String {",
        "    s.lowercased().split(separator: \" \").joined(separator: \"-\")",
        "def build(site):",
        "    for page in site.pages:",
        "        page.write(site.output)",
        "const pages = await Promise.all(files.map(parse));",
        "fmt.Println(\"wrote\", n, \"pages\")",
        "SELECT title, date FROM items ORDER BY date DESC LIMIT 20;",
        "git log --oneline --since=2020-01-01 | wc -l",
        "make -j2 && ./build --out public",
        "if err != nil { return err }",
        "return pages.sorted { $0.date > $1.date }",
    ]

    /// A valid 1×1 PNG (69 bytes), written wherever an item names an image.
    static let tinyPNG: [UInt8] = [
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
        0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x02, 0x00, 0x00, 0x00, 0x90, 0x77, 0x53,
        0xDE, 0x00, 0x00, 0x00, 0x0C, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0x38, 0xD3, 0xE1, 0x02,
        0x00, 0x03, 0xBC, 0x01, 0x99, 0x3A, 0x7A, 0x60, 0x43, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E,
        0x44, 0xAE, 0x42, 0x60, 0x82,
    ]
}
