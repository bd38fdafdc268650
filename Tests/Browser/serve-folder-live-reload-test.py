#!/usr/bin/env python3
"""Live reload in a real browser: headless Chromium against the serve-folder demo.

    python3 Tests/Browser/live-reload-test.py [--binary PATH] [--rounds N] [--budget-ms MS]

Needs: Debian `chromium` and `chromium-driver`, python3 `selenium`, and serve-folder built
(`swift build` or `swift build -c release`; the release build is used when present).

It serves a temporary folder, opens its page and then, without ever asking the browser to
refresh:
  1. edits index.html N times and waits for the new text (a `reload` event);
  2. edits style.css and waits for the new colour, checking that the page did not reload
     (a `window.__marker` set before survives: a `css` event swaps the stylesheet only);
  3. writes __errors.txt (serve-folder turns its lines into an `errors` event) and waits for
     the overlay with the `file:line:col` text, escaped, then opens a second page while
     broken (it shows the overlay at once), then deletes the file and waits for `ok` to
     remove the overlay, again without a reload.
Latencies are measured from just before the file is written to the moment the change is
seen in the DOM (polled every ~5 ms). Exit status 0 when every check passes and the median
HTML latency is within the budget (300 ms by default), 1 otherwise.
"""

import argparse
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

PACKAGE = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
POLL_SECONDS = 0.005
TIMEOUT_SECONDS = 5.0

PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>live</title>
<link rel="stylesheet" href="/style.css"></head>
<body><h1 id="title">{text}</h1></body></html>
"""
STYLE = "#title {{ color: {color}; }}\n"
ERRORS = [
    "content/posts/a.md:4:9: error: 'rating' must be an integer from 0 to 10, found \"ten\"",
    "content/posts/b.md:12:1: error: unknown field 'ratng'; <b>did you mean</b> 'rating'?",
]


class CheckFailed(Exception):
    pass


def find_binary(explicit):
    candidates = [explicit] if explicit else [
        os.path.join(PACKAGE, ".build", "release", "serve-folder"),
        os.path.join(PACKAGE, ".build", "debug", "serve-folder"),
    ]
    for candidate in candidates:
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    raise CheckFailed("serve-folder not found; run `swift build` in %s" % PACKAGE)


def write(path, text):
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(text)


def start_server(binary, folder):
    process = subprocess.Popen(
        [binary, folder, "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    line = process.stdout.readline()
    match = re.search(r"at (http://127\.0\.0\.1:\d+/)", line)
    if not match:
        process.kill()
        raise CheckFailed("serve-folder did not start: %r %s" % (line, process.stderr.read()))
    return process, match.group(1)


def start_browser():
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1024,768"):
        options.add_argument(argument)
    service = Service(executable_path=shutil.which("chromedriver") or "/usr/bin/chromedriver")
    return webdriver.Chrome(service=service, options=options)


def wait_for(driver, script, expected, started):
    """Polls `script` until it returns `expected`; the seconds since `started`."""
    deadline = started + TIMEOUT_SECONDS
    last = None
    while time.perf_counter() < deadline:
        try:
            last = driver.execute_script(script)
        except Exception as error:  # a reload in progress: the document is being replaced
            last = "<%s>" % type(error).__name__
        if last == expected:
            return time.perf_counter() - started
        time.sleep(POLL_SECONDS)
    raise CheckFailed("timed out: %s returned %r, expected %r" % (script, last, expected))


def open_page(driver, url):
    driver.get(url)
    wait_for(driver, "return !!(window.__cellarLiveReload && window.__cellarLiveReload.connected)",
             True, time.perf_counter())


TITLE = "var e = document.getElementById('title'); return e ? e.textContent : null;"
COLOR = "var e = document.getElementById('title'); return e ? getComputedStyle(e).color : null;"
MARKER = "return window.__marker === undefined ? null : window.__marker;"
OVERLAY_TEXT = ("var o = document.getElementById('__cellar_overlay');"
                " return o && o.shadowRoot ? o.shadowRoot.textContent : null;")
OVERLAY_HTML_TAGS = ("var o = document.getElementById('__cellar_overlay');"
                     " return o.shadowRoot.querySelectorAll('b').length;")
OVERLAY_GONE = "return document.getElementById('__cellar_overlay') === null;"


def check(condition, message):
    if not condition:
        raise CheckFailed(message)
    print("  ok: " + message)


def html_rounds(driver, folder, rounds):
    latencies = []
    for round_number in range(1, rounds + 1):
        text = "Version %d" % round_number
        time.sleep(0.15)  # let the previous reload settle and the stream reconnect
        started = time.perf_counter()
        write(os.path.join(folder, "index.html"), PAGE.format(text=text))
        latency = wait_for(driver, TITLE, text, started)
        latencies.append(latency * 1000)
        print("  html edit %2d: new text after %6.1f ms" % (round_number, latency * 1000))
        wait_for(driver, "return !!(window.__cellarLiveReload && window.__cellarLiveReload.connected)",
                 True, time.perf_counter())
    return latencies


def css_rounds(driver, folder, rounds):
    latencies = []
    colors = ["rgb(255, 0, 0)", "rgb(0, 128, 0)"]
    for round_number in range(1, rounds + 1):
        color = colors[round_number % 2]
        driver.execute_script("window.__marker = 'kept-%d';" % round_number)
        time.sleep(0.05)
        started = time.perf_counter()
        write(os.path.join(folder, "style.css"), STYLE.format(color=color))
        latency = wait_for(driver, COLOR, color, started)
        latencies.append(latency * 1000)
        print("  css edit %2d: new colour after %6.1f ms" % (round_number, latency * 1000))
        check(driver.execute_script(MARKER) == "kept-%d" % round_number,
              "css edit %d swapped the stylesheet without reloading the page" % round_number)
        links = driver.execute_script("return document.querySelectorAll('link[rel=stylesheet]').length;")
        check(links == 1, "css edit %d left exactly one stylesheet link" % round_number)
    return latencies


def error_overlay(driver, folder, url):
    driver.execute_script("window.__marker = 'before-errors';")
    errors_file = os.path.join(folder, "__errors.txt")
    started = time.perf_counter()
    write(errors_file, "\n".join(ERRORS) + "\n")
    deadline = started + TIMEOUT_SECONDS
    text = None
    while time.perf_counter() < deadline:
        text = driver.execute_script(OVERLAY_TEXT)
        if text and "content/posts/b.md:12:1" in text:
            break
        time.sleep(POLL_SECONDS)
    latency = (time.perf_counter() - started) * 1000
    check(text is not None and "content/posts/a.md:4:9:" in text and "content/posts/b.md:12:1:" in text,
          "errors event shows the overlay with file:line:col (after %.1f ms)" % latency)
    check("<b>did you mean</b>" in text and driver.execute_script(OVERLAY_HTML_TAGS) == 0,
          "diagnostics are shown as text, not HTML")
    check(driver.execute_script(MARKER) == "before-errors", "showing the overlay did not reload the page")

    driver.execute_script("window.open(arguments[0], 'second');", url)
    driver.switch_to.window(driver.window_handles[-1])
    wait_for(driver, "return !!(window.__cellarLiveReload && window.__cellarLiveReload.connected)",
             True, time.perf_counter())
    wait_for(driver, "var o = document.getElementById('__cellar_overlay'); return !!o;", True, time.perf_counter())
    check("content/posts/a.md:4:9:" in (driver.execute_script(OVERLAY_TEXT) or ""),
          "a page opened while the build is broken shows the overlay at once")
    driver.close()
    driver.switch_to.window(driver.window_handles[0])

    started = time.perf_counter()
    os.remove(errors_file)
    latency = wait_for(driver, OVERLAY_GONE, True, started) * 1000
    check(True, "ok event removed the overlay (after %.1f ms)" % latency)
    check(driver.execute_script(MARKER) == "before-errors", "clearing the overlay did not reload the page")


def summary(name, latencies):
    print("%s latency (ms): min %.1f, median %.1f, max %.1f over %d edits" % (
        name, min(latencies), statistics.median(latencies), max(latencies), len(latencies)))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", help="the serve-folder executable")
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--budget-ms", type=float, default=300.0)
    arguments = parser.parse_args()

    folder = tempfile.mkdtemp(prefix="cellar-browser-")
    server = driver = None
    try:
        write(os.path.join(folder, "index.html"), PAGE.format(text="Version 0"))
        write(os.path.join(folder, "style.css"), STYLE.format(color="rgb(0, 0, 255)"))
        binary = find_binary(arguments.binary)
        server, url = start_server(binary, folder)
        print("serving %s at %s with %s" % (folder, url, os.path.relpath(binary, PACKAGE)))
        driver = start_browser()
        open_page(driver, url)
        check(driver.execute_script(TITLE) == "Version 0", "page loaded with the live-reload script connected")

        print("HTML edits (reload):")
        html = html_rounds(driver, folder, arguments.rounds)
        print("CSS edits (stylesheet swap, no reload):")
        css = css_rounds(driver, folder, max(2, arguments.rounds // 2))
        print("Error overlay:")
        error_overlay(driver, folder, url)

        summary("HTML edit -> new text", html)
        summary("CSS edit -> new colour", css)
        if statistics.median(html) > arguments.budget_ms:
            raise CheckFailed("median HTML latency %.1f ms is over the %.0f ms budget"
                              % (statistics.median(html), arguments.budget_ms))
        print("PASS")
        return 0
    except CheckFailed as failure:
        print("FAIL: %s" % failure)
        return 1
    finally:
        if driver is not None:
            driver.quit()
        if server is not None:
            server.send_signal(signal.SIGTERM)
            try:
                server.wait(timeout=5)
            except subprocess.TimeoutExpired:
                server.kill()
                print("FAIL: serve-folder did not stop within 5 s")
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
