extension CodeHighlighter {
    /// CSS for the classes the highlighter writes: a light and a dark palette for the element
    /// classes (`hl-keyword`, `hl-string`, …, those of Cellar's definitions and the common ones of
    /// Source-highlight's), marked lines, and line numbers drawn from `data-ln` so they are never
    /// selected or copied. A theme can ship it as it is or restyle the same classes.
    package static let stylesheet = """
        .highlight { overflow-x: auto; tab-size: 4; }
        .highlight .hl-line { display: block; }
        .highlight .hl-marked, .hl-gutter .hl-marked { background: rgba(255, 220, 0, 0.22); }
        .hl-ln { -webkit-user-select: none; user-select: none; }
        .hl-ln::before { content: attr(data-ln); display: inline-block; min-width: 2.5ch; margin-right: 1.5ch; text-align: right; color: #8a8f98; }
        .highlight-table { display: flex; overflow-x: auto; }
        .highlight-table > .hl-gutter { margin-right: 0; padding-right: 0; flex: none; }
        .highlight-table > .hl-gutter .hl-ln { display: block; }
        .highlight-table > .highlight { flex: 1; margin-left: 0; }
        .hl-keyword, .hl-preproc, .hl-section, .hl-strong { color: #a626a4; font-weight: 600; }
        .hl-type, .hl-classname, .hl-usertype, .hl-attribute, .hl-label { color: #c18401; }
        .hl-function, .hl-predef_func, .hl-property, .hl-link { color: #4078f2; }
        .hl-string, .hl-value, .hl-regexp { color: #50a14f; }
        .hl-specialchar, .hl-interpolation, .hl-variable, .hl-predef_var { color: #0184bc; }
        .hl-number, .hl-date, .hl-time { color: #986801; }
        .hl-comment { color: #7a7f88; font-style: italic; }
        .hl-todo { color: #e45649; font-weight: 600; }
        .hl-symbol, .hl-cbracket { color: #383a42; }
        .hl-url { color: #4078f2; text-decoration: underline; }
        .hl-emphasis { font-style: italic; }
        .hl-oldfile, .hl-deletion { color: #e45649; }
        .hl-newfile, .hl-insertion { color: #50a14f; }
        .hl-difflines { color: #0184bc; }
        @media (prefers-color-scheme: dark) {
          .highlight .hl-marked, .hl-gutter .hl-marked { background: rgba(255, 220, 0, 0.14); }
          .hl-keyword, .hl-preproc, .hl-section, .hl-strong { color: #c678dd; }
          .hl-type, .hl-classname, .hl-usertype, .hl-attribute, .hl-label { color: #e5c07b; }
          .hl-function, .hl-predef_func, .hl-property, .hl-link, .hl-url { color: #61afef; }
          .hl-string, .hl-value, .hl-regexp, .hl-newfile, .hl-insertion { color: #98c379; }
          .hl-specialchar, .hl-interpolation, .hl-variable, .hl-predef_var, .hl-difflines { color: #56b6c2; }
          .hl-number, .hl-date, .hl-time { color: #d19a66; }
          .hl-comment, .hl-ln::before { color: #7f848e; }
          .hl-symbol, .hl-cbracket { color: #abb2bf; }
          .hl-todo, .hl-oldfile, .hl-deletion { color: #e06c75; }
        }

        """
}
