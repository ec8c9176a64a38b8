// ringloc's HTML report: reads the report from #report-data and draws the page. Plain script, no
// library, nothing loaded. Every name from the report goes in as text (textContent), never as
// markup, so a file named like a tag stays a name.
'use strict';
(function () {
  const scriptErrors = [];
  window.addEventListener('error', (event) => {
    scriptErrors.push(String(event.message));
    const check = document.getElementById('self-check');
    check.dataset.errors = String(scriptErrors.length);
    check.dataset.ok = 'false';
    check.textContent = scriptErrors.join('\n');
  });

  const D = JSON.parse(document.getElementById('report-data').textContent);
  const PAGE_ROWS = 200;
  const LANGUAGE_ROWS = 12;
  const LIST_ROWS = 500;
  const DEPTH = 4;
  const $ = (id) => document.getElementById(id);
  const fmt = (n) => n.toLocaleString('en-US');

  function el(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function table(headers, rows, numeric) {
    const t = el('table');
    const head = t.createTHead().insertRow();
    headers.forEach((h, i) => head.appendChild(el('th', numeric[i] ? 'num' : '', h)));
    const body = t.createTBody();
    for (const row of rows) {
      const tr = body.insertRow();
      row.forEach((cell, i) => {
        const text = typeof cell === 'number' ? fmt(cell) : cell;
        tr.appendChild(el('td', numeric[i] ? 'num' : i === 0 ? 'path' : '', text));
      });
    }
    return t;
  }

  function none(text) {
    return el('p', 'none', text);
  }

  // Colours: hues a golden angle apart, by the language's rank in the report.
  const colours = new Map();
  function colourOf(lang) {
    if (!colours.has(lang)) {
      const hue = (colours.size * 137.508) % 360;
      colours.set(lang, 'hsl(' + hue.toFixed(0) + ', 62%, ' + (colours.size % 2 ? 45 : 58) + '%)');
    }
    return colours.get(lang);
  }
  D.languages.forEach((l) => colourOf(l[0]));

  // The directory tree: rows come parents first, so children are summed into parents backwards.
  const top = { index: -1, name: '', kids: [], own: new Map(), code: 0, below: 0, langs: null, path: '' };
  const dirs = D.dirs.map(([parent, name], index) => ({
    index, parent, name, kids: [], own: new Map(), code: 0, below: 0, langs: null, path: null,
  }));
  const parentOf = (d) => (d.parent >= 0 ? dirs[d.parent] : top);
  dirs.forEach((d) => parentOf(d).kids.push(d));
  for (const f of D.files) {
    const d = dirs[f[0]];
    d.own.set(f[2], (d.own.get(f[2]) || 0) + f[3]);
    d.code += f[3];
  }
  for (let i = dirs.length - 1; i >= 0; i--) {
    const p = parentOf(dirs[i]);
    p.code += dirs[i].code;
    p.below += 1 + dirs[i].below;
  }

  function join(dir, name) {
    if (dir === '') return name;
    return dir.endsWith('/') ? dir + name : dir + '/' + name;
  }

  function pathOf(d) {
    if (d.path === null) d.path = d.parent >= 0 ? join(pathOf(dirs[d.parent]), d.name) : d.name;
    return d.path;
  }

  function langsOf(d) {
    if (d.langs === null) {
      d.langs = new Map(d.own);
      for (const k of d.kids) {
        for (const [lang, code] of langsOf(k)) d.langs.set(lang, (d.langs.get(lang) || 0) + code);
      }
    }
    return d.langs;
  }

  // Header, totals, languages.
  document.title = 'ringloc: ' + D.roots.join(' ');
  $('roots').textContent = D.roots.length ? 'Counted: ' + D.roots.join(', ') : 'Merged reports';
  const [files, lines, code, comments, blanks, bytes] = D.total;
  const cards = [['Files', files], ['Lines', lines], ['Code', code], ['Comments', comments],
    ['Blanks', blanks], ['Bytes', bytes], ['Directories', dirs.length]].map(([label, n]) => [label, fmt(n)]);
  // --uloc's and --cocomo's figures, written as the table writes them.
  for (const [label, figure] of D.summary) cards.push([label, figure]);
  for (const [label, value] of cards) {
    const card = el('div', 'card');
    card.appendChild(el('div', 'value', value));
    card.appendChild(el('div', 'label', label));
    $('totals').appendChild(card);
  }

  // A bar per language, the first LANGUAGE_ROWS until asked for all.
  function drawLanguages(all) {
    const box = $('languages');
    box.textContent = '';
    const most = Math.max(1, ...D.languages.map((l) => l[1][2]));
    for (const [lang, t] of all ? D.languages : D.languages.slice(0, LANGUAGE_ROWS)) {
      const row = el('div', 'lang-row');
      const name = el('div', 'lang-name');
      const swatch = el('span', 'swatch');
      swatch.style.background = colourOf(lang);
      name.appendChild(swatch);
      name.appendChild(document.createTextNode(D.names[lang]));
      const track = el('div', 'bar-track');
      const bar = el('div', 'bar');
      bar.style.width = ((100 * t[2]) / most).toFixed(2) + '%';
      bar.style.background = colourOf(lang);
      track.appendChild(bar);
      const share = code ? ((100 * t[2]) / code).toFixed(1) + '%' : '-';
      const text = fmt(t[0]) + ' files, ' + fmt(t[2]) + ' code (' + share + '), ' + fmt(t[3]) +
        ' comments, ' + fmt(t[4]) + ' blanks';
      row.append(name, track, el('div', 'lang-figures', text));
      box.appendChild(row);
    }
    if (!D.languages.length) box.appendChild(none('Nothing was counted.'));
    if (!all && D.languages.length > LANGUAGE_ROWS) {
      const button = el('button', '', 'Show all ' + fmt(D.languages.length) + ' languages');
      button.type = 'button';
      button.addEventListener('click', () => drawLanguages(true));
      box.appendChild(button);
    }
    if (D.omitted[0]) {
      const what = D.omitted[0] === 1 ? ' more language' : ' more languages';
      box.appendChild(none(fmt(D.omitted[0]) + what + ' left out by --top.'));
    }
  }
  drawLanguages(false);

  // The treemap: squarified (Bruls, Huizing, van Wijk), DEPTH levels below the directory shown.
  // Shown first: the top, below any chain of directories that hold one directory and no file.
  let start = top;
  while (start.kids.length === 1 && !start.own.size) start = start.kids[0];
  let shown = start;
  let drawn = { rects: 0, hidden: 0 };

  function squarify(items, x, y, w, h, put) {
    const total = items.reduce((sum, item) => sum + item.weight, 0);
    if (total <= 0 || w <= 0 || h <= 0) return;
    const scale = (w * h) / total;
    let i = 0;
    while (i < items.length) {
      const side = Math.min(w, h);
      const first = items[i].weight * scale;
      let j = i;
      let sum = 0;
      let worst = Infinity;
      while (j < items.length) {
        const area = items[j].weight * scale;
        const s = sum + area;
        const ratio = Math.max((side * side * first) / (s * s), (s * s) / (side * side * area));
        if (ratio > worst) break;
        worst = ratio;
        sum = s;
        j++;
      }
      const thick = sum / side;
      let offset = 0;
      for (let k = i; k < j; k++) {
        const length = (items[k].weight * scale) / thick;
        if (w >= h) put(items[k], x, y + offset, thick, length);
        else put(items[k], x + offset, y, length, thick);
        offset += length;
      }
      if (w >= h) { x += thick; w -= thick; } else { y += thick; h -= thick; }
      i = j;
    }
  }

  function place(node, x, y, w, h) {
    node.style.left = x + 'px';
    node.style.top = y + 'px';
    node.style.width = Math.max(0, w) + 'px';
    node.style.height = Math.max(0, h) + 'px';
  }

  function dirBox(d, x, y, w, h, level) {
    const box = el('div', level === 0 ? 'tm-dir tm-root' : 'tm-dir');
    place(box, x, y, w, h);
    box.dataset.dir = String(d.index);
    box.title = pathOf(d) + '\n' + fmt(d.code) + ' lines of code';
    if (level > 0) box.addEventListener('click', () => zoom(d));
    $('treemap').appendChild(box);
    drawn.rects++;
    if (h > 22 && w > 30) {
      box.appendChild(el('div', 'tm-label', d.name || '.'));
      return [x + 1, y + 17, w - 2, h - 18];
    }
    return [x + 1, y + 1, w - 2, h - 2];
  }

  // A directory: its box, then its subdirectories and the languages of its own files inside; past
  // DEPTH levels, or too small to hold more, the languages of everything below it.
  function drawDir(d, x, y, w, h, level) {
    if (d !== top && (w < 4 || h < 4)) {
      drawn.hidden += 1 + d.below;
      return paint([...langsOf(d)].map(([lang, weight]) => ({ lang, weight })), x, y, w, h, level);
    }
    const [ix, iy, iw, ih] = d === top ? [x, y, w, h] : dirBox(d, x, y, w, h, level);
    const parts = [];
    if (level < DEPTH && iw >= 4 && ih >= 4) {
      for (const k of d.kids) {
        if (k.code > 0) parts.push({ dir: k, weight: k.code });
        else drawn.hidden += 1 + k.below;
      }
      for (const [lang, weight] of d.own) parts.push({ lang, weight });
    } else {
      drawn.hidden += d.below;
      for (const [lang, weight] of langsOf(d)) parts.push({ lang, weight });
    }
    paint(parts, ix, iy, iw, ih, level);
  }

  function paint(parts, x, y, w, h, level) {
    const sorted = parts.filter((part) => part.weight > 0).sort((a, b) => b.weight - a.weight);
    squarify(sorted, x, y, w, h, (part, px, py, pw, ph) => {
      if (part.dir) return drawDir(part.dir, px, py, pw, ph, level + 1);
      const block = el('div', 'tm-lang');
      place(block, px, py, pw, ph);
      block.style.background = colourOf(part.lang);
      $('treemap').appendChild(block);
    });
  }

  function drawCrumbs() {
    const nav = $('crumbs');
    nav.textContent = '';
    const chain = [];
    for (let d = shown; d !== start; d = parentOf(d)) chain.unshift(d);
    chain.unshift(start);
    chain.forEach((d, i) => {
      if (i > 0) nav.appendChild(el('span', 'sep', ' / '));
      const label = d === top ? 'all roots' : i === 0 ? pathOf(d) || '.' : d.name;
      const button = el('button', '', label);
      button.type = 'button';
      button.addEventListener('click', () => zoom(d));
      nav.appendChild(button);
    });
    nav.appendChild(el('span', 'sep', '  (' + fmt(shown.code) + ' lines of code)'));
  }

  function drawTreemap() {
    const box = $('treemap');
    box.textContent = '';
    drawn = { rects: 0, hidden: 0 };
    drawDir(shown, 0, 0, box.clientWidth, box.clientHeight, 0);
    if (!shown.code) box.appendChild(none('No code to show here.'));
    drawCrumbs();
    writeSelfCheck();
  }

  function zoom(d) {
    shown = d;
    drawTreemap();
  }

  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && shown !== start) zoom(parentOf(shown));
  });
  let resizing = 0;
  window.addEventListener('resize', () => {
    clearTimeout(resizing);
    resizing = setTimeout(drawTreemap, 150);
  });
  drawTreemap();

  // The files: sortable by any column, filtered by path, shown a page at a time.
  const FLAGS = ['', 'generated', 'minified', 'generated, minified'];
  const rows = D.files.map((f) => {
    const path = join(pathOf(dirs[f[0]]), f[1]);
    return {
      path, lower: path.toLowerCase(), language: D.names[f[2]], lines: f[3] + f[4] + f[5],
      code: f[3], comments: f[4], blanks: f[5], bytes: f[6], flags: FLAGS[f[7]],
    };
  });
  let listed = rows;
  let limit = PAGE_ROWS;

  function drawFiles() {
    const body = $('files').tBodies[0];
    body.textContent = '';
    const keys = ['path', 'language', 'lines', 'code', 'comments', 'blanks', 'bytes', 'flags'];
    for (const r of listed.slice(0, limit)) {
      const tr = body.insertRow();
      keys.forEach((k, i) => {
        const text = typeof r[k] === 'number' ? fmt(r[k]) : r[k];
        tr.appendChild(el('td', i === 0 ? 'path' : i > 1 && i < 7 ? 'num' : '', text));
      });
    }
    const cut = D.omitted[1] ? ' (' + fmt(D.omitted[1]) + ' more left out by --top)' : '';
    $('files-count').textContent = 'Showing ' + fmt(Math.min(limit, listed.length)) + ' of ' +
      fmt(listed.length) + ' files' + cut + '.';
    $('more').hidden = limit >= listed.length;
  }

  function sortFiles(th) {
    const key = th.dataset.key;
    const numeric = th.classList.contains('num');
    const was = th.getAttribute('aria-sort');
    const order = was ? (was === 'ascending' ? 'descending' : 'ascending') : numeric ? 'descending' : 'ascending';
    for (const other of $('files').tHead.rows[0].cells) other.removeAttribute('aria-sort');
    th.setAttribute('aria-sort', order);
    const sign = order === 'ascending' ? 1 : -1;
    const compare = (a, b) => (a[key] < b[key] ? -sign : a[key] > b[key] ? sign : 0);
    rows.sort((a, b) => compare(a, b) || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    filterFiles();
  }

  function filterFiles() {
    const query = $('filter').value.toLowerCase();
    listed = query ? rows.filter((r) => r.lower.includes(query)) : rows;
    limit = PAGE_ROWS;
    drawFiles();
  }

  for (const th of $('files').tHead.rows[0].cells) th.addEventListener('click', () => sortFiles(th));
  $('filter').addEventListener('input', filterFiles);
  $('more').addEventListener('click', () => {
    limit += PAGE_ROWS;
    drawFiles();
  });
  drawFiles();

  // Embedded regions, flagged and skipped files, errors.
  function drawLists() {
    const numeric = [false, false, true, true, true, true];
    const embedded = D.embedded.map((e) => [D.names[e[0]], D.names[e[1]], e[2], e[3], e[4], e[5]]);
    $('embedded').appendChild(embedded.length
      ? table(['In files of', 'Language', 'Lines', 'Code', 'Comments', 'Blanks'], embedded, numeric)
      : none('No embedded regions.'));

    const allFlagged = rows.filter((r) => r.flags);
    const flagged = allFlagged.slice(0, LIST_ROWS).map((r) => [r.path, r.language, r.flags]);
    $('flagged').appendChild(el('p', '', fmt(D.flagged[0]) + ' generated, ' + fmt(D.flagged[1]) + ' minified.'));
    if (flagged.length) $('flagged').appendChild(table(['Path', 'Language', 'Flags'], flagged, [false, false, false]));
    more($('flagged'), allFlagged.length - flagged.length);

    const reasons = ['binary', 'unknown', 'too_large', 'generated', 'minified', 'duplicate'];
    const counts = reasons.map((r, i) => [r.replace('_', ' '), D.skipped[i]]);
    $('skipped').appendChild(table(['Reason', 'Files'], counts, [false, true]));
    const skipped = D.skipped_files.slice(0, LIST_ROWS);
    if (skipped.length) $('skipped').appendChild(table(['Path', 'Reason'], skipped, [false, false]));
    more($('skipped'), D.skipped_files.length - skipped.length);

    const errors = D.errors.slice(0, LIST_ROWS);
    $('errors').appendChild(errors.length ? table(['Path', 'Error'], errors, [false, false]) : none('No errors.'));
    more($('errors'), D.errors.length - errors.length);
  }

  function more(box, left) {
    if (left > 0) box.appendChild(none('and ' + fmt(left) + ' more (see --format json).'));
  }
  drawLists();

  // What the tests read: every directory below the one shown is drawn or counted as too small.
  function writeSelfCheck() {
    const check = $('self-check');
    const expected = (shown === top ? 0 : 1) + shown.below;
    check.dataset.dirs = String(dirs.length);
    check.dataset.rects = String(drawn.rects);
    check.dataset.hidden = String(drawn.hidden);
    check.dataset.files = String(D.files.length);
    check.dataset.errors = String(scriptErrors.length);
    check.dataset.ok = String(!scriptErrors.length && drawn.rects + drawn.hidden === expected);
    check.textContent = scriptErrors.join('\n');
  }
  writeSelfCheck();
})();
