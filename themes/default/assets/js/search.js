// Search for a Cellar site, with no library: reads the sharded index `cellar build` writes under
// /search/index/ (see the manual, "Search"). Words are folded and split exactly as CellarSearch
// does when it writes the index (case and diacritics folded; Chinese and Japanese as character
// pairs); English stems are reached through the index's own aliases (`running` → `run`), since the
// Snowball stemmer is not in this script. Fetches config.json once, then per word only the shard its
// first three characters hash to, and the metadata chunks of the results shown.
// Without JavaScript nothing of this exists: the box is hidden in the page until this script shows it.
(function () {
  'use strict';
  var boxes, indexURL;

  // --- Words, as CellarSearch's TextFolding, ScriptClass and SearchTokenizer make them ---------
  var LETTERS = { 'đ': 'd', 'ð': 'd', 'ø': 'o', 'ł': 'l', 'æ': 'ae', 'œ': 'oe', 'ß': 'ss', 'ı': 'i', 'þ': 'th' };
  var WORD = /[\p{L}\p{N}\p{M}]/u;
  function fold(text) {
    return text.toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '')
      .replace(/[đðøłæœßıþ]/g, function (c) { return LETTERS[c]; }).normalize('NFC');
  }
  function isIdeographic(c) {
    return (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0x3400 && c <= 0x4DBF) || (c >= 0xF900 && c <= 0xFAFF) ||
      (c >= 0x20000 && c <= 0x2FFFF) || (c >= 0x3040 && c <= 0x30FF) || (c >= 0x31F0 && c <= 0x31FF) ||
      (c >= 0xFF66 && c <= 0xFF9F) || c === 0x3005;
  }
  // 0 separator, 1 word, 2 ideographic
  function classOf(ch) {
    var c = ch.codePointAt(0);
    if (c < 0x80) return /[a-zA-Z0-9]/.test(ch) ? 1 : 0;
    if (isIdeographic(c)) return 2;
    return WORD.test(ch) ? 1 : 0;
  }
  // Pieces of folded text: {text, ideographic}; words of one ASCII letter or over 40 characters left out.
  function split(folded) {
    var pieces = [], current = [], kind = 0;
    function flush() {
      if (kind === 2) pieces.push({ text: current.join(''), ideographic: true });
      else if (kind === 1 && current.length <= 40 && !(current.length === 1 && /[a-z]/.test(current[0]))) {
        pieces.push({ text: current.join(''), ideographic: false });
      }
      current = [];
    }
    for (var ch of folded) {
      var k = classOf(ch);
      if (k !== kind) { flush(); kind = k; }
      if (k !== 0) current.push(ch);
    }
    flush();
    return pieces;
  }
  // Each piece a group of terms that must all be found: a word, or a run's character pairs.
  function queryGroups(query) {
    return split(fold(query)).map(function (piece) {
      var chars = Array.from(piece.text);
      if (!piece.ideographic || chars.length === 1) return { terms: [piece.text], word: !piece.ideographic, text: piece.text };
      var pairs = [];
      for (var i = 0; i + 1 < chars.length; i++) pairs.push(chars[i] + chars[i + 1]);
      return { terms: pairs, word: false, text: piece.text };
    });
  }

  // --- The index: config, shards by FNV-1a of the first three characters, metadata chunks ------
  var encoder = typeof TextEncoder === 'undefined' ? null : new TextEncoder();
  function shardOf(term, count) {
    var h = 0x811C9DC5;
    var bytes = encoder.encode(Array.from(term).slice(0, 3).join(''));
    for (var i = 0; i < bytes.length; i++) h = Math.imul(h ^ bytes[i], 0x01000193) >>> 0;
    return h & (count - 1);
  }
  var cache = {};
  function getJSON(name) {
    if (!cache[name]) {
      cache[name] = fetch(indexURL + name).then(function (r) {
        if (!r.ok) throw new Error(name + ': ' + r.status);
        return r.json();
      });
    }
    return cache[name];
  }
  function config() { return getJSON('config.json'); }
  function shard(term) {
    return config().then(function (c) { return getJSON('s-' + shardOf(term, c.shards) + '.json'); });
  }
  // Postings → {document: score}.
  function decode(list) {
    var out = {}, doc = 0;
    for (var i = 0; i < list.length; i++) { doc += list[i] >> 4; out[doc] = list[i] & 15; }
    return out;
  }
  // English suffixes tried when a typed form is in the index neither as a term nor as an alias.
  var SUFFIXES = ['ing', 'ed', 'es', 's', 'ly', 'er', 'est'];
  // The terms a typed word stands for: itself, the stems it is an alias of, a shorter form, and
  // (prefix: the word being typed) the terms and aliases that start with it. [term, weight] pairs.
  function termsFor(word, prefix) {
    return shard(word).then(function (s) {
      var found = {};
      function add(term, weight) { if (!(found[term] >= weight)) found[term] = weight; }
      if (s.t[word]) add(word, 1);
      if (s.a[word]) s.a[word].split(' ').forEach(function (stem) { add(stem, 1); });
      if (!Object.keys(found).length) {
        SUFFIXES.forEach(function (suffix) {
          var base = word.slice(0, -suffix.length);
          if (word.length - suffix.length >= 3 && word.slice(-suffix.length) === suffix) {
            if (s.t[base]) add(base, 0.8);
            if (s.a[base]) s.a[base].split(' ').forEach(function (stem) { add(stem, 0.8); });
          }
        });
      }
      if (prefix && Array.from(word).length >= 3) {
        var n = 0;
        for (var term in s.t) { if (term.startsWith(word) && term !== word && n++ < 60) add(term, 0.5); }
        for (var alias in s.a) {
          if (alias.startsWith(word) && n++ < 60) s.a[alias].split(' ').forEach(function (stem) { add(stem, 0.5); });
        }
      }
      var terms = Object.keys(found);
      return Promise.all(terms.map(function (term) { return shard(term); })).then(function (shards) {
        var docs = {};
        terms.forEach(function (term, i) {
          var postings = decode(shards[i].t[term] || []);
          for (var d in postings) {
            var score = postings[d] * found[term];
            if (!(docs[d] >= score)) docs[d] = score;
          }
        });
        return docs;
      });
    });
  }
  function search(query) {
    var groups = queryGroups(query);
    if (!groups.length) return Promise.resolve({ groups: groups, results: [] });
    var lookups = [];
    groups.forEach(function (group, g) {
      group.terms.forEach(function (term) { lookups.push(termsFor(term, group.word && g === groups.length - 1)); });
    });
    return Promise.all([config()].concat(lookups)).then(function (all) {
      var total = all[0].documents, lists = all.slice(1), scores = null;
      lists.forEach(function (docs) {
        var idf = Math.log(1 + total / Math.max(1, Object.keys(docs).length));
        var next = {};
        for (var d in docs) if (scores === null || d in scores) next[d] = (scores ? scores[d] : 0) + docs[d] * idf;
        scores = next;
      });
      var results = Object.keys(scores).map(Number);
      results.sort(function (a, b) { return scores[b] - scores[a] || a - b; });
      return { groups: groups, results: results };
    });
  }
  function documents(numbers) {
    return config().then(function (c) {
      return Promise.all(numbers.map(function (n) {
        return getJSON('m-' + Math.floor(n / c.chunk) + '.json').then(function (rows) {
          var row = rows[n % c.chunk];
          return { url: row[0], title: row[1], kind: row[2], date: row[3], section: row[4], snippet: row[5] };
        });
      }));
    });
  }

  // --- Showing results: the matched words marked --------------------------------------------
  function matches(groups, segment) {
    var folded = fold(segment);
    return groups.some(function (g) {
      if (!g.word) return false;
      if (folded === g.text) return true;
      if (g.text.length >= 3 && folded.startsWith(g.text)) return true;
      // Forms of one word: the same once a common English ending is dropped (rebuild, rebuilding).
      return base(folded) === base(g.text);
    });
  }
  // A word without its English ending, for marking the forms of a word the query matched.
  var ENDINGS = ['ings', 'ing', 'ies', 'ied', 'es', 'ed', 'ers', 'er', 'est', 'ly', 's', 'e'];
  function base(word) {
    for (var i = 0; i < ENDINGS.length; i++) {
      var ending = ENDINGS[i];
      if (word.length - ending.length >= 3 && word.slice(-ending.length) === ending) {
        word = word.slice(0, -ending.length) + (ending === 'ies' || ending === 'ied' ? 'y' : '');
        break;
      }
    }
    return /([^lsfz])\1$/.test(word) ? word.slice(0, -1) : word;
  }
  // Appends `text` to `parent` with the query's words (and runs of Chinese or Japanese) in <mark>.
  function marked(parent, text, groups) {
    var runs = groups.filter(function (g) { return !g.word; }).map(function (g) { return g.text; });
    var parts = text.split(/([\p{L}\p{N}\p{M}]+)/u);
    parts.forEach(function (part) {
      if (!part) return;
      var hit = /[\p{L}\p{N}]/u.test(part) && matches(groups, part);
      if (!hit && runs.length) {
        var folded = fold(part), at = -1, run = '';
        runs.forEach(function (r) { var i = folded.indexOf(r); if (i >= 0 && (at < 0 || i < at)) { at = i; run = r; } });
        if (at >= 0 && folded.length === part.length) {
          parent.appendChild(document.createTextNode(part.slice(0, at)));
          var m = document.createElement('mark');
          m.textContent = part.slice(at, at + run.length);
          parent.appendChild(m);
          marked(parent, part.slice(at + run.length), groups);
          return;
        }
      }
      if (hit) {
        var mark = document.createElement('mark');
        mark.textContent = part;
        parent.appendChild(mark);
      } else {
        parent.appendChild(document.createTextNode(part));
      }
    });
  }
  // The snippet from a little before its first match.
  function excerpt(text, groups) {
    var parts = text.split(/([\p{L}\p{N}\p{M}]+)/u), offset = 0;
    for (var i = 0; i < parts.length; i++) {
      if (/[\p{L}\p{N}]/u.test(parts[i]) && matches(groups, parts[i])) break;
      offset += parts[i].length;
    }
    if (offset < 80 || offset >= text.length) return text;
    var start = text.lastIndexOf(' ', offset - 40);
    return '…' + text.slice(start < 0 ? offset - 40 : start + 1);
  }
  function element(tag, className, text) {
    var e = document.createElement(tag);
    if (className) e.className = className;
    if (text) e.textContent = text;
    return e;
  }

  // --- One search box: the header's (a list under it) or the search page's ------------------
  var counter = 0;
  function setUp(box) {
    var onPage = box.hasAttribute('data-search-page-box');
    var pageURL = box.getAttribute('data-search-page') || '';
    var limit = onPage ? 30 : 8;
    var id = 'search-' + (++counter);
    var form = element('form', 'search-form');
    form.setAttribute('role', 'search');
    form.action = pageURL;
    var label = element('label', 'visually-hidden', box.getAttribute('data-label') || 'Search');
    label.htmlFor = id + '-input';
    var input = element('input', 'search-input');
    input.type = 'search';
    input.id = id + '-input';
    input.name = 'q';
    input.autocomplete = 'off';
    input.spellcheck = false;
    input.placeholder = box.getAttribute('data-placeholder') || '';
    input.setAttribute('role', 'combobox');
    input.setAttribute('aria-autocomplete', 'list');
    input.setAttribute('aria-expanded', 'false');
    input.setAttribute('aria-controls', id + '-results');
    var list = element('ul', 'search-results');
    list.id = id + '-results';
    list.setAttribute('role', 'listbox');
    list.setAttribute('aria-label', box.getAttribute('data-label') || 'Search');
    list.hidden = true;
    var status = element('p', 'visually-hidden search-status');
    status.setAttribute('role', 'status');
    status.setAttribute('aria-live', 'polite');
    form.appendChild(label);
    form.appendChild(input);
    box.appendChild(form);
    box.appendChild(list);
    box.appendChild(status);
    box.hidden = false;

    var active = -1, latest = 0, options = [];
    function setActive(n) {
      options.forEach(function (o, i) { o.setAttribute('aria-selected', i === n ? 'true' : 'false'); });
      active = n;
      if (n >= 0 && options[n]) {
        input.setAttribute('aria-activedescendant', options[n].id);
        options[n].scrollIntoView({ block: 'nearest' });
      } else {
        input.removeAttribute('aria-activedescendant');
      }
    }
    function close() {
      if (onPage) return;
      list.hidden = true;
      input.setAttribute('aria-expanded', 'false');
      setActive(-1);
    }
    function show(query, found, docs) {
      list.textContent = '';
      options = [];
      docs.forEach(function (doc, i) {
        var li = element('li', 'search-result');
        li.id = id + '-option-' + i;
        li.setAttribute('role', 'option');
        li.setAttribute('aria-selected', 'false');
        var a = element('a', 'search-result-link');
        a.href = doc.url;
        a.tabIndex = -1;
        var meta = element('span', 'search-result-meta');
        meta.appendChild(element('span', 'search-result-kind', doc.kind));
        if (doc.section) meta.appendChild(element('span', 'search-result-section', doc.section));
        if (doc.date) meta.appendChild(element('span', 'search-result-date', doc.date));
        var title = element('span', 'search-result-title');
        marked(title, doc.title, found.groups);
        var snippet = element('span', 'search-result-snippet');
        marked(snippet, excerpt(doc.snippet, found.groups), found.groups);
        a.appendChild(title);
        a.appendChild(meta);
        a.appendChild(snippet);
        li.appendChild(a);
        li.addEventListener('mousedown', function (e) { e.preventDefault(); });
        li.addEventListener('click', function (e) { if (e.target === li) location.href = doc.url; });
        list.appendChild(li);
        options.push(li);
      });
      if (!docs.length) {
        var none = element('li', 'search-none', box.getAttribute('data-no-results') || 'No results');
        none.setAttribute('role', 'presentation');
        list.appendChild(none);
      }
      if (!onPage && pageURL && found.results.length > docs.length) {
        var more = element('li', 'search-more');
        more.setAttribute('role', 'presentation');
        var link = element('a', '', (box.getAttribute('data-all-results') || 'All results') + ' (' + found.results.length + ')');
        link.href = pageURL + '?q=' + encodeURIComponent(query);
        more.appendChild(link);
        list.appendChild(more);
      }
      list.hidden = false;
      list.setAttribute('data-query', query);
      input.setAttribute('aria-expanded', 'true');
      status.textContent = found.results.length + ' ' + (box.getAttribute('data-results') || 'results');
      setActive(-1);
    }
    function run() {
      var query = input.value, ticket = ++latest;
      if (onPage && window.history.replaceState) {
        history.replaceState(null, '', query ? '?q=' + encodeURIComponent(query) : location.pathname);
      }
      if (!query.trim() || !queryGroups(query).length) { list.textContent = ''; status.textContent = ''; close(); return; }
      search(query).then(function (found) {
        if (ticket !== latest) return null;
        return documents(found.results.slice(0, limit)).then(function (docs) {
          if (ticket === latest) show(query, found, docs);
        });
      }).catch(function (error) {
        if (ticket === latest) status.textContent = String(error);
      });
    }
    var timer = 0;
    input.addEventListener('input', function () { clearTimeout(timer); timer = setTimeout(run, 60); });
    input.addEventListener('keydown', function (e) {
      if (e.key === 'ArrowDown' && options.length) {
        e.preventDefault();
        list.hidden = false;
        input.setAttribute('aria-expanded', 'true');
        setActive((active + 1) % options.length);
      } else if (e.key === 'ArrowUp' && options.length) {
        e.preventDefault();
        setActive(active <= 0 ? options.length - 1 : active - 1);
      } else if (e.key === 'Enter') {
        if (active >= 0 && options[active]) {
          e.preventDefault();
          location.href = options[active].querySelector('a').href;
        } else if (!pageURL || onPage) {
          e.preventDefault();
          clearTimeout(timer);
          run();
        }
      } else if (e.key === 'Escape') {
        if (!list.hidden && !onPage) { e.preventDefault(); close(); } else { input.value = ''; run(); }
      }
    });
    // Leaving the box closes the list a moment later (a click on a result lands first); coming
    // back before then keeps it, so results that arrive while the box has focus are shown.
    var closing = 0;
    input.addEventListener('blur', function () { clearTimeout(closing); closing = setTimeout(close, 150); });
    input.addEventListener('focus', function () {
      clearTimeout(closing);
      if (options.length && input.value) { list.hidden = false; input.setAttribute('aria-expanded', 'true'); }
    });
    if (onPage) {
      var q = new URLSearchParams(location.search).get('q');
      if (q) { input.value = q; run(); }
      input.focus();
    }
  }
  // Under Node (CellarSearch's tests compare these with the Swift side), the word rules alone.
  if (typeof module !== 'undefined' && module.exports) {
    module.exports = { fold: fold, split: split, queryGroups: queryGroups, shardOf: shardOf, base: base };
    return;
  }
  boxes = document.querySelectorAll('[data-search-index]');
  if (!boxes.length || !window.fetch || !String.prototype.normalize) return;
  indexURL = boxes[0].getAttribute('data-search-index');
  Array.prototype.forEach.call(boxes, setUp);
})();
