// kata-judge's pages: one page, routed by the URL's fragment (#/, #/kata/ID, #/attempt/ID, #/class).
// Everything a student or a submission can write (code, names, messages, answers) is put in the page
// as text (textContent), never as HTML. Only two things are inserted as HTML, both made by the
// server from the teacher's files: a kata's README (CommonMark, raw HTML escaped) and the boards
// (SVG drawn by the kata from a case's arguments). The token travels in a header, never a cookie.
'use strict';

const TOKEN_KEY = 'katajudge.token';
let me = null;

function takeToken() {
  const match = /(?:^#|&)token=([A-Za-z0-9_-]+)/.exec(location.hash);
  if (match) {
    localStorage.setItem(TOKEN_KEY, match[1]);
    history.replaceState(null, '', location.pathname + '#/');
  }
  return localStorage.getItem(TOKEN_KEY);
}

async function api(method, path, body) {
  const headers = { 'Authorization': 'Bearer ' + takeToken() };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  if (response.status === 204) return null;
  const type = response.headers.get('Content-Type') || '';
  const data = type.includes('json') ? await response.json() : await response.blob();
  if (!response.ok) {
    const error = new Error(data && data.error ? data.error : 'HTTP ' + response.status);
    error.status = response.status;
    error.retryAfter = response.headers.get('Retry-After');
    throw error;
  }
  return data;
}

// el('div', {class: 'x'}, 'text', child): children are text or nodes; text is never parsed as HTML.
function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith('on')) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? '' : String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

// Server-made markup (README, boards) only.
function trusted(className, html) {
  const node = el('div', { class: className });
  if (html) node.innerHTML = html;
  return node;
}

function json(value) { return value === undefined ? '' : JSON.stringify(value); }
function badge(text, kind) { return el('span', { class: 'badge ' + (kind || text) }, text); }
function show(...nodes) { const main = document.getElementById('main'); main.replaceChildren(...nodes); return main; }
function failure(error) { return el('p', { class: 'error', role: 'alert' }, error.message || String(error)); }

async function route() {
  if (!takeToken()) {
    show(el('div', { class: 'panel' }, el('h2', {}, 'Open your link'),
      el('p', {}, 'This server answers only the link you were given (it ends in #token=…). ' +
        'Running it yourself? serve prints the link when it starts.')));
    return;
  }
  try {
    if (!me) {
      me = await api('GET', '/api/me');
      document.getElementById('who').textContent = me.role === 'teacher' ? 'teacher' : me.name;
      const nav = document.getElementById('nav');
      nav.replaceChildren(el('a', { href: '#/' }, 'Katas'), me.role === 'teacher' ? el('a', { href: '#/class' }, ' · Class') : '');
    }
    const hash = location.hash || '#/';
    let match;
    if ((match = /^#\/kata\/([a-z0-9-]+)$/.exec(hash))) await kataPage(match[1]);
    else if ((match = /^#\/attempt\/(\d+)$/.exec(hash))) await attemptPage(match[1]);
    else if (hash === '#/class' && me.role === 'teacher') await classPage();
    else await kataList();
  } catch (error) {
    show(failure(error));
  }
}

async function kataList() {
  const katas = await api('GET', '/api/katas');
  const rows = katas.map(k => el('tr', {},
    el('td', {}, el('a', { href: '#/kata/' + k.id }, k.title)),
    el('td', {}, k.level),
    el('td', {}, k.status ? badge(k.status) : '')));
  show(el('h1', {}, 'Katas'), el('table', { class: 'list', id: 'katas' },
    el('thead', {}, el('tr', {}, el('th', {}, 'Kata'), el('th', {}, 'Level'), el('th', {}, me.role === 'student' ? 'Mine' : ''))),
    el('tbody', {}, rows)));
}

// The editor: CodeMirror when the jar has it, else a text area.
function makeEditor(parent, text, onChange) {
  if (window.CodeMirror) {
    const cm = window.CodeMirror(parent, {
      value: text, mode: 'text/x-java', lineNumbers: true, indentUnit: 4, matchBrackets: true, autoCloseBrackets: true,
    });
    cm.on('change', onChange);
    return { get: () => cm.getValue(), set: v => cm.setValue(v), focus: () => cm.focus() };
  }
  const area = el('textarea', { class: 'plain', spellcheck: 'false' });
  area.value = text;
  area.addEventListener('input', onChange);
  parent.append(area);
  return { get: () => area.value, set: v => { area.value = v; }, focus: () => area.focus() };
}

async function kataPage(id) {
  const kata = await api('GET', '/api/katas/' + id);
  const fileName = kata.className + '.java';
  const start = (kata.draft && kata.draft[fileName]) || kata.skeleton[fileName];
  const left = el('div', {});
  const right = el('div', {});
  show(el('h1', {}, kata.title, ' ', badge(kata.level, 'level'), ' ', badge(kata.status)), el('div', { class: 'kata' }, left, right));

  left.append(el('section', { class: 'panel' }, trusted('readme', kata.readmeHtml)));
  const examples = el('section', { class: 'panel' }, el('h3', {}, 'Examples'),
    el('div', { class: 'examples' }, kata.examples.map(exampleCard)),
    kata.hiddenExamples > 0 ? el('p', { class: 'muted' }, kata.hiddenExamples + ' hidden examples are also run.') : '');
  left.append(examples);
  const cases = el('section', { class: 'panel', id: 'my-cases' });
  left.append(cases);
  renderCases(cases, kata);

  const editorPanel = el('section', { class: 'panel editor-box' }, el('h3', {}, fileName));
  right.append(editorPanel);
  let saveTimer = null;
  const editor = makeEditor(editorPanel, start, () => {
    clearTimeout(saveTimer);
    saveTimer = setTimeout(() => api('PUT', '/api/katas/' + id + '/draft', { files: { [fileName]: editor.get() } }).catch(() => {}), 1500);
  });
  const runButton = el('button', { id: 'run-examples' }, 'Run examples');
  const attemptButton = el('button', { id: 'attempt', class: 'primary' }, 'Attempt');
  const status = el('span', { class: 'muted', id: 'status' });
  editorPanel.append(el('div', { class: 'actions' }, runButton, attemptButton, status));
  const results = el('section', { class: 'panel', id: 'results' }, el('p', { class: 'muted' },
    'Run examples runs the examples (and your saved cases); Attempt runs the whole grade, random tests included.'));
  right.append(results);
  const history = el('section', { class: 'panel', id: 'history' });
  right.append(history);
  renderHistory(history, kata.attempts);

  async function submit(mode) {
    runButton.disabled = attemptButton.disabled = true;
    status.textContent = 'sending…';
    try {
      const attempt = await api('POST', '/api/katas/' + id + '/attempts', { files: { [fileName]: editor.get() }, mode });
      status.textContent = 'attempt ' + attempt.id + ' queued';
      await follow(attempt.id, results, status, () => renderCases(cases, kata));
      renderHistory(history, await api('GET', '/api/katas/' + id + '/attempts'));
    } catch (error) {
      results.replaceChildren(failure(error));
      status.textContent = '';
    } finally {
      runButton.disabled = attemptButton.disabled = false;
    }
  }
  runButton.addEventListener('click', () => submit('examples'));
  attemptButton.addEventListener('click', () => submit('full'));
}

function exampleCard(example) {
  return el('div', { class: 'example' }, trusted('board', example.svg),
    el('div', {}, el('code', {}, example.call || example.method + '(' + json(example.args).slice(1, -1) + ')')),
    el('div', {}, '→ ', el('code', {}, json(example.expected))));
}

async function renderCases(section, kata) {
  const cases = await api('GET', '/api/katas/' + kata.id + '/cases');
  section.replaceChildren(el('h3', {}, 'My cases'),
    cases.length === 0 ? el('p', { class: 'muted' }, 'None yet. A failing case can be kept here; Run examples runs them too.') : '',
    el('div', { class: 'examples' }, cases.map(c => el('div', { class: 'example saved-case' }, el('strong', {}, c.name),
      trusted('board', c.svg), el('div', {}, el('code', {}, c.method + '(' + json(c.args).slice(1, -1) + ')')),
      el('div', {}, '→ ', el('code', {}, json(c.expected))),
      el('button', { onclick: async () => { await api('DELETE', '/api/katas/' + kata.id + '/cases/' + c.id); renderCases(section, kata); } }, 'Remove')))));
}

function renderHistory(section, attempts) {
  section.replaceChildren(el('h3', {}, 'My attempts'), attempts.length === 0 ? el('p', { class: 'muted' }, 'None yet.') :
    el('table', { class: 'list attempts' }, el('tbody', {}, attempts.map(a => el('tr', {},
      el('td', {}, el('a', { href: '#/attempt/' + a.id }, '#' + a.id)),
      el('td', {}, a.mode),
      el('td', {}, new Date(a.submitted).toLocaleString()),
      el('td', {}, a.verdict ? badge(a.verdict) : badge(a.status)),
      el('td', {}, a.maxScore ? a.score + ' / ' + a.maxScore : ''))))));
}

// Follows an attempt's events (Server-Sent Events read with fetch, so the token stays in a header).
async function follow(id, results, status, onSaved) {
  const tests = el('ul', { class: 'tests', id: 'live-tests' });
  const byKey = new Map();
  results.replaceChildren(el('h3', {}, 'Attempt ' + id), tests);
  const response = await fetch('/api/attempts/' + id + '/events', { headers: { 'Authorization': 'Bearer ' + takeToken() } });
  if (!response.ok) throw new Error((await response.json()).error);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = block.split('\n').filter(l => l.startsWith('data: ')).map(l => l.slice(6)).join('\n');
      if (!data) continue;
      const event = JSON.parse(data);
      if (event.type === 'queued') status.textContent = event.ahead > 0 ? 'queued, ' + event.ahead + ' ahead' : 'queued';
      else if (event.type === 'started') status.textContent = 'grading…';
      else if (event.type === 'test') {
        let item = byKey.get(event.key);
        if (!item) { item = el('li', {}); byKey.set(event.key, item); tests.append(item); }
        item.replaceChildren(badge(event.status), ' ', event.name);
      } else if (event.type === 'result') {
        status.textContent = '';
        results.replaceChildren(el('h3', {}, 'Attempt ' + id), resultView(event.result, event.view, id, onSaved));
        return event.result;
      }
    }
  }
  return null;
}

function resultView(result, view, attemptId, onSaved) {
  const box = el('div', { class: 'result', 'data-verdict': result.verdict });
  box.append(el('p', { class: 'verdict' }, badge(result.verdict), ' ', result.message || ''));
  if (result.maxScore) box.append(el('p', {}, 'Score: ' + result.score + ' / ' + result.maxScore));
  box.append(el('ul', { class: 'tests' }, (result.tests || []).map(t => el('li', {}, badge(t.status.toLowerCase()), ' ', t.name,
    t.message && t.status !== 'PASSED' ? el('span', { class: 'muted' }, ' — ' + t.message) : ''))));
  const c = result.counterexample;
  if (c) {
    const facts = el('dl', {},
      el('dt', {}, 'call'), el('dd', {}, view.call || c.method + '(' + json(c.args).slice(1, -1) + ')'),
      el('dt', {}, 'expected'), el('dd', { class: 'expected' }, json(c.expected)),
      c.actual !== undefined ? [el('dt', {}, 'actual'), el('dd', { class: 'actual' }, json(c.actual))] : '',
      c.error ? [el('dt', {}, 'instead'), el('dd', {}, c.error)] : '',
      c.reason ? [el('dt', {}, 'why'), el('dd', {}, c.reason)] : '',
      c.rule ? [el('dt', {}, 'rule'), el('dd', {}, c.rule.id + (c.rule.holds ? ' holds' : ' broken'))] : '',
      c.example ? [el('dt', {}, 'example'), el('dd', {}, c.example)] : '',
      c.shrinkSteps ? [el('dt', {}, 'shrunk'), el('dd', {}, c.shrinkSteps + ' steps')] : '',
      view.replay ? [el('dt', {}, 'replay'), el('dd', {}, view.replay)] : '');
    const card = el('div', { class: 'case', id: 'counterexample' },
      view.board ? trusted('board', view.board) : el('pre', { class: 'text' }, c.input || ''), el('div', {}, facts));
    box.append(el('h4', {}, 'The failing case'), card);
    if (view.history && view.history.length) {
      box.append(el('h4', {}, 'After these calls in the same run (the solution keeps state between calls)'),
        el('div', { class: 'history' }, view.history.map((h, i) => el('div', { class: 'call' },
          el('div', {}, (i + 1) + '. ' + h.method + '(' + json(h.args).slice(1, -1) + ')'), trusted('board', h.board)))));
    }
    if (view.tryIt) {
      box.append(el('h4', {}, 'Try it: paste into a main method next to your class'), el('pre', { class: 'text try-it' }, view.tryIt));
    }
    if (view.canSave && me.role === 'student') {
      const save = el('button', { id: 'keep-case' }, 'Add this case to my examples');
      save.addEventListener('click', async () => {
        save.disabled = true;
        try { await api('POST', '/api/katas/' + result.kata + '/cases', { attempt: Number(attemptId) }); save.textContent = 'Kept'; if (onSaved) onSaved(); }
        catch (error) { save.replaceWith(failure(error)); }
      });
      box.append(el('div', { class: 'actions' }, save));
    }
  }
  if (result.diagnostics && result.diagnostics.length) box.append(el('h4', {}, 'Compiler'), el('pre', { class: 'text' }, result.diagnostics.join('\n')));
  if (result.output && result.output.text) box.append(el('h4', {}, 'What it printed'), el('pre', { class: 'text' }, result.output.text));
  if (result.notes && result.notes.length) box.append(el('p', { class: 'muted' }, result.notes.join('; ')));
  return box;
}

async function attemptPage(id) {
  const attempt = await api('GET', '/api/attempts/' + id);
  const code = Object.entries(attempt.files).map(([name, text]) => [el('h4', {}, name), el('pre', { class: 'text' }, text)]);
  const results = el('section', { class: 'panel' });
  show(el('h1', {}, 'Attempt ' + attempt.id + ' · ', el('a', { href: '#/kata/' + attempt.kata }, attempt.kata)),
    attempt.student ? el('p', {}, 'Student: ', attempt.student) : '',
    el('p', {}, attempt.mode + ' · ' + new Date(attempt.submitted).toLocaleString()),
    el('div', { class: 'kata' }, el('section', { class: 'panel' }, code), results));
  if (attempt.result) results.append(resultView(attempt.result, attempt.view, attempt.id));
  else await follow(attempt.id, results, el('span', {}));
}

async function classPage() {
  const info = await api('GET', '/api/class');
  const kataSelect = el('select', { id: 'class-kata' }, info.katas.map(k => el('option', { value: k.id }, k.title)));
  const deadline = el('input', { type: 'datetime-local', id: 'deadline' });
  const table = el('div', {});
  const downloads = el('div', { class: 'actions' });
  async function load() {
    const query = deadline.value ? '?deadline=' + encodeURIComponent(new Date(deadline.value).toISOString()) : '';
    const latest = await api('GET', '/api/class/katas/' + kataSelect.value + query);
    table.replaceChildren(el('table', { class: 'list', id: 'latest' }, el('thead', {}, el('tr', {},
      el('th', {}, 'Student'), el('th', {}, 'Latest attempt'), el('th', {}, 'Verdict'), el('th', {}, 'Score'))),
      el('tbody', {}, latest.students.map(s => el('tr', {}, el('td', {}, s.name),
        el('td', {}, s.attempt ? el('a', { href: '#/attempt/' + s.attempt }, '#' + s.attempt + ' · ' + new Date(s.submitted).toLocaleString()) : '—'),
        el('td', {}, badge(s.verdict)), el('td', {}, s.maxScore ? s.score + ' / ' + s.maxScore : ''))))));
    downloads.replaceChildren(...info.formats.map(format => el('button', { onclick: async () => {
      const blob = await api('GET', '/api/class/katas/' + kataSelect.value + '/' + format + query);
      const link = el('a', { href: URL.createObjectURL(blob), download: kataSelect.value + '-' + format });
      document.body.append(link); link.click(); link.remove();
    } }, format)));
  }
  kataSelect.addEventListener('change', load);
  deadline.addEventListener('change', load);
  show(el('h1', {}, 'Class'),
    el('section', { class: 'panel' }, el('label', {}, 'Kata ', kataSelect), ' ', el('label', {}, 'Deadline ', deadline),
      el('p', { class: 'muted' }, 'Each student\'s latest full attempt made by the deadline (by now when empty).'), table,
      el('h3', {}, 'Downloads (the files grade writes)'), downloads),
    el('section', { class: 'panel links' }, el('h3', {}, 'Students\' links'),
      el('table', { class: 'list' }, el('tbody', {}, info.students.map(s => el('tr', {}, el('td', {}, s.name),
        el('td', {}, el('input', { readonly: true, value: s.link }))))))));
  await load();
}

window.addEventListener('hashchange', route);
route();
