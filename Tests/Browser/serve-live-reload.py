#!/usr/bin/env python3
"""`cellar serve` in a real browser: edit, see, without reloading by hand.

    python3 Tests/Browser/serve-live-reload.py [--cellar PATH] [--site DIR] [--rounds N] [--budget-ms MS]

Needs Debian `chromium` and `chromium-driver`, python3 `selenium`, and cellar built
(`swift build -c release --product cellar`; the release binary is used when present).

It copies the site (default: the repository's example site, content/ and themes/) into a
temporary folder, runs `cellar serve --port 0` on it, opens an item page in headless Chromium
and then, never asking the browser to refresh:
  1. edits the item's Markdown N times and waits for the new text in the page (a rebuild and a
     `reload` event), timing each from just before the write to the text appearing in the DOM;
  2. edits the theme's stylesheet and waits for the new style, checking the page was not
     reloaded (a marker set in `window` survives: only the stylesheet was swapped);
  3. writes a broken item and waits for the error overlay showing `file:line:column`, checks
     the page was not reloaded, fixes the file and waits for the overlay to go.
Exit 0 when every check passes and the median edit→visible latency is within the budget
(300 ms by default); 1 otherwise.
"""

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

REPOSITORY = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
POLL = 0.005
TIMEOUT = 10.0
ITEM = "content/blog/hello-cellar.md"
ITEM_URL = "blog/hello-cellar/"
STYLESHEET = "themes/default/assets/css/cellar.css"
BROKEN = "content/blog/zz-broken.md"


class CheckFailed(Exception):
    pass


def check(condition, message):
    if not condition:
        raise CheckFailed(message)
    print("  ok: " + message)


def find_cellar(explicit):
    for candidate in [explicit] if explicit else [os.path.join(REPOSITORY, ".build", "release", "cellar"),
                                                  os.path.join(REPOSITORY, ".build", "debug", "cellar")]:
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    raise CheckFailed("cellar not found; run `swift build -c release --product cellar`")


def start_server(cellar, site):
    process = subprocess.Popen([cellar, "serve", "--site", site, "--port", "0"],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    deadline = time.time() + 120
    while time.time() < deadline:
        line = process.stdout.readline()
        if not line:
            break
        match = re.search(r"(http://127\.0\.0\.1:\d+/)", line)
        if match:
            return process, match.group(1)
    process.kill()
    raise CheckFailed("cellar serve did not start")


def start_browser():
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1024,768"):
        options.add_argument(argument)
    service = Service(executable_path=shutil.which("chromedriver") or "/usr/bin/chromedriver")
    return webdriver.Chrome(service=service, options=options)


def wait_for(driver, script, predicate, started):
    deadline = started + TIMEOUT
    last = None
    while time.perf_counter() < deadline:
        try:
            last = driver.execute_script(script)
        except Exception as error:  # the document is being replaced by a reload
            last = "<%s>" % type(error).__name__
        if predicate(last):
            return (time.perf_counter() - started) * 1000
        time.sleep(POLL)
    raise CheckFailed("timed out waiting: %s (last: %r)" % (script, last))


def connected(driver):
    wait_for(driver, "return !!(window.__cellarLiveReload && window.__cellarLiveReload.connected)",
             lambda v: v is True, time.perf_counter())


BODY_TEXT = "var m = document.querySelector('main'); return m ? m.textContent : null;"
MARKER = "return window.__marker === undefined ? null : window.__marker;"
OVERLAY = ("var o = document.getElementById('__cellar_overlay');"
           " return o && o.shadowRoot ? o.shadowRoot.textContent : null;")


def replace_in(path, old, new):
    with open(path, encoding="utf-8") as handle:
        text = handle.read()
    if old not in text:
        raise CheckFailed("%r not in %s" % (old, path))
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(text.replace(old, new, 1))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cellar")
    parser.add_argument("--site", default=REPOSITORY)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--budget-ms", type=float, default=300)
    arguments = parser.parse_args()

    work = tempfile.mkdtemp(prefix="cellar-browser-")
    site = os.path.join(work, "site")
    os.makedirs(site)
    for folder in ("content", "themes"):
        shutil.copytree(os.path.join(arguments.site, folder), os.path.join(site, folder))
    server = driver = None
    try:
        cellar = find_cellar(arguments.cellar)
        server, url = start_server(cellar, site)
        print("serving %s at %s (%s)" % (arguments.site, url, cellar))
        driver = start_browser()
        driver.get(url + ITEM_URL)
        connected(driver)
        driver.execute_script("window.__marker = 'kept';")

        item = os.path.join(site, ITEM)
        latencies = []
        previous = "This is the first post"
        for round_number in range(1, arguments.rounds + 1):
            text = "Edit number %d arrives" % round_number
            started = time.perf_counter()
            replace_in(item, previous, text)
            latency = wait_for(driver, BODY_TEXT, lambda v: isinstance(v, str) and text in v, started)
            latencies.append(latency)
            previous = text
            connected(driver)
            time.sleep(0.15)
        print("  edit → visible (ms): " + ", ".join("%.0f" % value for value in latencies))
        median = statistics.median(latencies)
        check(median <= arguments.budget_ms,
              "median edit→visible latency %.0f ms (min %.0f, max %.0f) within %.0f ms over %d edits"
              % (median, min(latencies), max(latencies), arguments.budget_ms, len(latencies)))

        driver.execute_script("window.__marker = 'css';")
        started = time.perf_counter()
        with open(os.path.join(site, STYLESHEET), "a", encoding="utf-8") as handle:
            handle.write("\nbody { background-color: rgb(1, 2, 3) !important; }\n")
        latency = wait_for(driver, "return getComputedStyle(document.body).backgroundColor;",
                           lambda v: v == "rgb(1, 2, 3)", started)
        check(driver.execute_script(MARKER) == "css",
              "a stylesheet edit applied after %.0f ms without reloading the page" % latency)

        driver.execute_script("window.__marker = 'errors';")
        started = time.perf_counter()
        with open(os.path.join(site, BROKEN), "w", encoding="utf-8") as handle:
            handle.write("---\ntitle: Broken\ncover: /images/missing.png\n---\n")
        latency = wait_for(driver, OVERLAY, lambda v: isinstance(v, str) and "zz-broken.md:3:8" in v, started)
        check(driver.execute_script(MARKER) == "errors",
              "a broken file shows the overlay with file:line:column after %.0f ms, no reload" % latency)
        started = time.perf_counter()
        os.remove(os.path.join(site, BROKEN))
        latency = wait_for(driver, OVERLAY, lambda v: v is None, started)
        check(True, "fixing it removed the overlay after %.0f ms" % latency)
        print("PASS")
        return 0
    except CheckFailed as failure:
        print("FAIL: %s" % failure)
        return 1
    finally:
        if driver:
            driver.quit()
        if server:
            server.terminate()
            try:
                server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                server.kill()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
