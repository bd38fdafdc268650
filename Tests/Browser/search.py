#!/usr/bin/env python3
"""The default theme's search in a real browser, against `cellar serve`.

    python3 Tests/Browser/search.py [--cellar PATH] [--site DIR]

Needs Debian `chromium` and `chromium-driver`, python3 `selenium`, and cellar built (the release
binary when present, else the debug one). It copies the site (default: the repository's example
site, content/ and themes/) into a temporary folder, runs `cellar serve --port 0` on it, and types
into the header's search box of the home page in headless Chromium:
  1. an English word in a form the site never writes (`rebuild`: the site says "Rebuilding" and
     "rebuilds"), found through its Snowball stem;
  2. Japanese (`古本屋`) and Chinese (`茶馆`), found by character pairs;
  3. a query with no results, which says so in the list and in the live region;
  4. each language's own index: on the Vietnamese home (/vi/), Vietnamese typed without diacritics
     (`ca phe trung`) finds the Vietnamese postcard, and `coffee` (a word of its English version)
     finds nothing; on the English home, `ca phe trung` finds nothing;
  5. the keyboard (on /vi/): ArrowDown selects the first result, Enter opens it, Escape closes the list;
  6. the /search/ page reading ?q= from its address, and /vi/search/ searching only Vietnamese items;
  7. the same page without JavaScript: no box, no error, the links still there.
Each check names the expected first result. Exit 0 when every check passes, 1 otherwise.
"""

import argparse
import os
import shutil
import sys
import tempfile
import time

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from importlib import import_module  # noqa: E402

live = import_module("serve-live-reload")
CheckFailed, check, find_cellar, start_server, start_browser = (
    live.CheckFailed, live.check, live.find_cellar, live.start_server, live.start_browser)
REPOSITORY = live.REPOSITORY
TIMEOUT = 10.0

RESULTS = """
const list = document.querySelector('.site-search .search-results');
if (!list || list.hidden) return null;
if (arguments[0] !== undefined && list.getAttribute('data-query') !== arguments[0]) return null;
return Array.from(list.querySelectorAll('.search-result')).map(li => ({
  title: li.querySelector('.search-result-title').textContent,
  url: li.querySelector('a').getAttribute('href'),
  kind: li.querySelector('.search-result-kind').textContent,
  marks: Array.from(li.querySelectorAll('mark')).map(m => m.textContent),
  selected: li.getAttribute('aria-selected')}));
"""
STATUS = "return (document.querySelector('.site-search .search-status') || {}).textContent || '';"
NONE = "const n = document.querySelector('.site-search .search-none'); return n && !n.closest('ul').hidden ? n.textContent : null;"


def wait_for(driver, script, predicate, what, *script_arguments):
    deadline = time.time() + TIMEOUT
    last = None
    while time.time() < deadline:
        last = driver.execute_script(script, *script_arguments)
        if predicate(last):
            return last
        time.sleep(0.05)
    raise CheckFailed("%s: timed out, last %r" % (what, last))


def box(driver):
    return driver.find_element(By.CSS_SELECTOR, ".site-search input[type=search]")


def search(driver, query):
    field = box(driver)
    field.clear()
    field.send_keys(query)
    return wait_for(driver, RESULTS, lambda r: r is not None, "results for %r" % query, query)


def expect_first(driver, query, title, url_part, mark=None):
    results = search(driver, query)
    check(len(results) > 0, "%r finds something" % query)
    first = results[0]
    check(first["title"] == title and url_part in first["url"],
          "%r → first result %r (%s), of %d" % (query, first["title"], first["url"], len(results)))
    if mark:
        check(any(mark in m for r in results[:1] for m in r["marks"]), "%r marks %r in the first result: %r" % (query, mark, first["marks"]))
    return results


def expect_none(driver, query):
    results = search(driver, query)
    check(len(results) == 0, "%r finds nothing here: %r" % (query, [r["url"] for r in results]))
    status = wait_for(driver, STATUS, lambda s: s.startswith("0 "), "the live region for %r" % query)
    check(True, "%r: the aria-live region says %r" % (query, status))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cellar")
    parser.add_argument("--site", default=REPOSITORY)
    arguments = parser.parse_args()

    work = tempfile.mkdtemp(prefix="cellar-search-")
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
        driver.get(url)
        wait_for(driver, "return !!document.querySelector('.site-search input')", bool, "the search box")

        expect_first(driver, "rebuild", "Rebuilding only what changed", "/blog/fast-rebuilds/", mark="Rebuilding")
        expect_first(driver, "古本屋", "雨の日の古本屋", "/postcards/furuhonya/", mark="古本屋")
        expect_first(driver, "茶馆", "河边的老茶馆", "/postcards/laochaguan/", mark="茶馆")

        field = box(driver)
        field.clear()
        field.send_keys("zzyzx")
        none = wait_for(driver, NONE, lambda n: n is not None, "no results")
        check(none == "No results", "'zzyzx' → %r in the list" % none)
        status = wait_for(driver, STATUS, lambda s: s.startswith("0 "), "the live region")
        check(status == "0 results", "the aria-live region says %r" % status)

        # The English pages search the English index: the Vietnamese postcard is not in it.
        expect_none(driver, "ca phe trung")
        # The Vietnamese pages search only the Vietnamese items.
        driver.get(url + "vi/")
        wait_for(driver, "return !!document.querySelector('.site-search input')", bool, "the Vietnamese search box")
        expect_first(driver, "ca phe trung", "Cà phê trứng trong ngày mưa", "/vi/postcards/ca-phe-trung/", mark="phê")
        expect_none(driver, "coffee")

        results = expect_first(driver, "ca phe", "Cà phê trứng trong ngày mưa", "/vi/postcards/ca-phe-trung/")
        field = box(driver)
        field.send_keys(Keys.ARROW_DOWN)
        selected = wait_for(driver, RESULTS, lambda r: r and r[0]["selected"] == "true", "ArrowDown")
        active = driver.execute_script("return document.querySelector('.site-search input').getAttribute('aria-activedescendant');")
        check(bool(active) and selected[0]["title"] == results[0]["title"], "ArrowDown selects the first result (%s)" % active)
        field.send_keys(Keys.ESCAPE)
        wait_for(driver, RESULTS, lambda r: r is None, "Escape")
        check(True, "Escape closes the list")
        field.send_keys(Keys.ARROW_DOWN)
        wait_for(driver, RESULTS, lambda r: r and r[0]["selected"] == "true", "ArrowDown again")
        field.send_keys(Keys.ENTER)
        wait_for(driver, "return location.pathname;", lambda p: p.endswith("/vi/postcards/ca-phe-trung/"), "Enter")
        check(True, "Enter opens the selected result")

        driver.get(url + "search/?q=rebuild")
        titles = wait_for(driver, "return Array.from(document.querySelectorAll('.search-page-box .search-result-title')).map(e => e.textContent);",
                          bool, "the search page")
        check(titles[0] == "Rebuilding only what changed", "/search/?q=rebuild → %r first" % titles[0])
        driver.get(url + "vi/search/?q=ca+phe")
        urls = wait_for(driver, "return Array.from(document.querySelectorAll('.search-page-box .search-result a')).map(e => e.getAttribute('href'));",
                        bool, "the Vietnamese search page")
        check(all("/vi/" in u for u in urls), "/vi/search/?q=ca+phe → only Vietnamese items: %r" % urls)

        # Without JavaScript: the box stays hidden, the page is whole.
        driver.quit()
        driver = start_browser_without_script()
        driver.get(url)
        boxes = driver.find_elements(By.CSS_SELECTOR, ".site-search")
        check(all(not b.is_displayed() for b in boxes) and not driver.find_elements(By.CSS_SELECTOR, ".site-search input"),
              "without JavaScript no search box is shown")
        check(len(driver.find_elements(By.CSS_SELECTOR, ".site-nav a")) > 0, "without JavaScript the navigation is there")
        print("all search checks passed")
        return 0
    except CheckFailed as failure:
        print("FAILED: %s" % failure)
        return 1
    finally:
        if driver:
            driver.quit()
        if server:
            server.terminate()
            server.wait(timeout=10)
        shutil.rmtree(work, ignore_errors=True)


def start_browser_without_script():
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1024,768"):
        options.add_argument(argument)
    options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    service = Service(executable_path=shutil.which("chromedriver") or "/usr/bin/chromedriver")
    return webdriver.Chrome(service=service, options=options)


if __name__ == "__main__":
    sys.exit(main())
