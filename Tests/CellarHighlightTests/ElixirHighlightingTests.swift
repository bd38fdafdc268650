import CellarHighlight
import Testing

/// Elixir, which Source-highlight has no definition for: Cellar's own elixir.lang.
@Suite struct ElixirHighlightingTests {
    @Test func modulesFunctionsAtomsAndStrings() {
        let html = highlighted("""
            defmodule Greeter.Hello do
              @moduledoc "Says hello"
              # a comment
              def hello(name, opts \\\\ [loud: true]) do
                IO.puts("Hello, #{name}") |> then(fn _ -> :ok end)
                ~r/h(e)llo/i
              end
            end

            """, "elixir")
        #expect(html.contains(span("keyword", "defmodule") + " " + span("classname", "Greeter.Hello") + " " + span("keyword", "do")))
        #expect(html.contains(span("preproc", "@moduledoc")))
        #expect(html.contains(span("comment", "# a comment")))
        #expect(html.contains(span("type", "loud:")))
        #expect(html.contains(span("type", ":ok")))
        #expect(html.contains(span("specialchar", "#{name}")))
        #expect(html.contains(span("string", "~r/h(e)llo/i")))
        #expect(html.contains(span("symbol", "|&gt;")))
    }

    @Test(arguments: ["elixir", "ex", "exs", "iex"])
    func itsNamesAreKnown(_ name: String) {
        #expect(!highlighted("x = 1\n", name).isEmpty)
        #expect(highlighted("x = 1\n", name).contains(span("number", "1")))
    }
}
