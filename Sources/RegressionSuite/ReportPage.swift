/// The HTML report of a `test` run: one self-contained page that works opened from disk.
///
/// The page carries its style, its script and the results (as JSON) inline; the only files it
/// loads are the report's own images, by relative path. It shows the summary counts, then each
/// scene that did not pass with its numbers and five views of each failing image — side by side
/// (expected, actual, diff), a swipe slider, an onion skin, a toggle (expected and actual in turn,
/// the changed regions outlined) and the diff alone — and, for an animation, a strip of its
/// failing frames to choose from. `index.html#swipe` (or `#onion`, `#toggle`, `#diff`) opens
/// every failure in that view. Each failure shows the `approve` command that
/// accepts it, and has a box to tick: the bar at the top gives the one command that approves
/// the ticked scenes (or, with none ticked, every failure), with the report's own folder when
/// the page is opened from disk; `#approve=a,b` (after the view, joined by `&`) ticks scenes
/// `a` and `b` on opening. Above the cards, a name filter hides the scenes whose name does not
/// hold its text (`#q=text` fills it in), and the zoom (fit, 1×, 2×, 4×; `#zoom=2`) shows every
/// view's images at that many screen pixels per image pixel, in panes that scroll together and
/// start centred on the first changed region. When every image has loaded, the
/// script sets `data-images="loaded/total"` and `data-broken` on `<body>`, which the tests read
/// from headless Chromium.
enum ReportPage {
    static func html(_ results: SuiteResults) -> String {
        // Inside a <script> element the HTML parser looks for "</script" and, after "<!--",
        // for "<script": every "<" in the JSON (only ever inside a string, a scene's name or a
        // message) is written as the escape \u003c, which the JSON reads back as "<".
        let data = ((try? results.jsonText()) ?? "{}").replacingOccurrences(of: "<", with: "\\u003c")
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>collection-preview test report</title>
            <style>
            \(style)
            </style>
            </head>
            <body data-images="0/0" data-broken="0">
            <header>
              <h1>collection-preview test report</h1>
              <p class="meta" id="meta"></p>
              <nav id="summary"></nav>
              <div id="tools"></div>
              <div id="approve-bar" hidden></div>
            </header>
            <main id="scenes"></main>
            <section id="passed-list"></section>
            <section id="orphans"></section>
            <script id="results" type="application/json">
            \(data)</script>
            <script>
            \(script)
            </script>
            </body>
            </html>

            """
    }

    static let style = """
        :root { --bg: #f6f7f9; --card: #fff; --ink: #1d2330; --muted: #687084; --line: #dfe3ea;
          --failed: #d22c2c; --missing: #c2741a; --error: #8b1fb3; --recorded: #1f6fd1; --passed: #23864a; }
        * { box-sizing: border-box; }
        body { margin: 0; font: 14px/1.45 -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif;
          background: var(--bg); color: var(--ink); }
        header { padding: 18px 24px 10px; background: var(--card); border-bottom: 1px solid var(--line); }
        h1 { font-size: 20px; margin: 0 0 4px; }
        .meta { color: var(--muted); margin: 0 0 10px; }
        nav button { border: 1px solid var(--line); background: var(--card); border-radius: 14px;
          padding: 4px 12px; margin: 0 6px 6px 0; cursor: pointer; font: inherit; }
        nav button.on { background: var(--ink); color: #fff; border-color: var(--ink); }
        main, section { padding: 12px 24px; }
        .card { background: var(--card); border: 1px solid var(--line); border-radius: 8px;
          margin: 0 0 18px; padding: 14px 16px; }
        .card h2 { font-size: 16px; margin: 0; display: flex; gap: 10px; align-items: center; }
        .badge { font-size: 12px; font-weight: 600; color: #fff; border-radius: 4px; padding: 1px 8px;
          text-transform: uppercase; }
        .badge.failed { background: var(--failed); } .badge.missing { background: var(--missing); }
        .badge.error { background: var(--error); } .badge.recorded { background: var(--recorded); }
        .badge.passed { background: var(--passed); }
        .source, .message { color: var(--muted); margin: 4px 0; word-break: break-all; }
        .numbers { border-collapse: collapse; margin: 8px 0; }
        .numbers td { padding: 2px 14px 2px 0; } .numbers td:first-child { color: var(--muted); }
        .strip { display: flex; flex-wrap: wrap; gap: 6px; margin: 8px 0; }
        .strip button { border: 2px solid var(--line); background: #fff; padding: 2px; cursor: pointer;
          border-radius: 4px; font: 11px/1.2 inherit; }
        .strip button.on { border-color: var(--ink); }
        .strip img { display: block; height: 56px; image-rendering: pixelated; }
        .modes button { border: 1px solid var(--line); background: #fff; padding: 3px 10px; cursor: pointer;
          font: inherit; margin-right: -1px; }
        .modes button.on { background: var(--ink); color: #fff; }
        .view { margin-top: 10px; }
        .view figure { display: inline-block; margin: 0 12px 8px 0; vertical-align: top; }
        .view figcaption { color: var(--muted); font-size: 12px; }
        .view img { max-height: 460px; max-width: 100%; border: 1px solid var(--line); display: block;
          image-rendering: pixelated; background: repeating-conic-gradient(#eee 0 25%, #fff 0 50%) 0 0 / 16px 16px; }
        .stack { position: relative; display: inline-block; }
        .stack img.top { position: absolute; left: 0; top: 0; }
        .swipe-clip { position: absolute; left: 0; top: 0; bottom: 0; overflow: hidden; border-right: 2px solid var(--failed); }
        .swipe-clip img { max-width: none; }
        .stack img.hidden { visibility: hidden; }
        .region { position: absolute; border: 2px solid var(--failed); box-sizing: border-box; pointer-events: none;
          box-shadow: 0 0 0 1px #fff; }
        input[type=range] { width: 320px; display: block; margin: 6px 0; }
        #approve-bar { margin: 4px 0 2px; display: flex; flex-wrap: wrap; gap: 8px; align-items: center; }
        #approve-bar code, .message code { background: var(--bg); border: 1px solid var(--line); border-radius: 4px;
          padding: 2px 6px; word-break: break-all; }
        #approve-bar button { border: 1px solid var(--line); background: var(--card); border-radius: 4px;
          padding: 2px 10px; cursor: pointer; font: inherit; }
        .pick { font-size: 13px; font-weight: normal; color: var(--muted); margin-left: auto; cursor: pointer; }
        ul.plain { margin: 4px 0; padding-left: 18px; color: var(--muted); }
        ul.plain .near { color: var(--missing); }
        #tools { display: flex; flex-wrap: wrap; gap: 6px 14px; align-items: center; margin: 0 0 6px; }
        #tools input { font: inherit; padding: 3px 8px; border: 1px solid var(--line); border-radius: 4px; width: 240px; }
        #tools .modes button { padding: 2px 10px; }
        #tools .shown { color: var(--muted); }
        .port { display: block; max-width: 100%; }
        body.zoomed .port { overflow: auto; max-height: 70vh; border: 1px solid var(--line); }
        body.zoomed .view img { max-width: none; max-height: none; border: 0; }
        body.zoomed .view figure { max-width: 100%; }
        body.zoomed .view .side figure { max-width: calc(33.3% - 12px); }
        """

    static let script = #"""
        const results = JSON.parse(document.getElementById('results').textContent);
        const el = (tag, attrs = {}, ...children) => {
          const node = document.createElement(tag);
          for (const [k, v] of Object.entries(attrs)) {
            if (k === 'class') node.className = v; else if (k === 'text') node.textContent = v;
            else if (k.startsWith('on')) node.addEventListener(k.slice(2), v); else node.setAttribute(k, v);
          }
          for (const c of children) if (c) node.append(c);
          return node;
        };
        let total = 0, loaded = 0, broken = 0;
        const track = (img) => {
          total++;
          const done = (ok) => { if (ok) loaded++; else broken++; document.body.dataset.images = loaded + '/' + total;
            document.body.dataset.broken = String(broken); };
          img.addEventListener('load', () => done(true)); img.addEventListener('error', () => done(false));
          document.body.dataset.images = loaded + '/' + total;
          return img;
        };
        const shellQuote = (text) => /^[A-Za-z0-9_.\/-]+$/.test(text) ? text : "'" + text.replace(/'/g, "'\\''") + "'";
        const url = (path) => path.split('/').map(encodeURIComponent).join('/');
        const image = (src, alt, cls) => track(el('img', { src: url(src), alt, class: cls || '', loading: 'eager' }));
        const percent = (r) => r > 0 && r < 0.00001 ? '<0.001%' : (r * 100).toFixed(3).replace(/\.?0+$/, '') + '%';

        const order = ['failed', 'missing', 'error', 'recorded', 'passed'];
        // index.html#swipe (or #onion, #toggle, #diff) opens every failure in that view;
        // #approve=a,b ticks scenes a and b; #zoom=2 (or 1, 4) shows the images at that many
        // screen pixels per image pixel, scrolled to the first changed region; #q=text shows
        // only the scenes whose name holds the text. All are joined by '&': #swipe&zoom=4&approve=a.
        const hashParts = location.hash.slice(1).split('&').map(decodeURIComponent);
        const hashValue = (key) => { const part = hashParts.find(p => p.startsWith(key + '=')); return part === undefined ? null : part.slice(key.length + 1); };
        const initialMode = ['side', 'swipe', 'onion', 'toggle', 'diff'].find(m => hashParts.includes(m)) || 'side';
        const initialPicks = new Set((hashValue('approve') || '').split(',').filter(Boolean));
        const zoomLevels = ['fit', '1', '2', '4'];
        let zoom = zoomLevels.includes(hashValue('zoom')) ? hashValue('zoom') : 'fit';
        let query = hashValue('q') || '';
        // The report's folder, for the approve commands: known when the page is opened from disk.
        const reportFolder = location.protocol === 'file:'
          ? shellQuote(decodeURIComponent(location.pathname).replace(/\/[^\/]*$/, '') || '/') : '<this folder>';
        const approveCommand = (names) => 'collection-preview approve --report ' + reportFolder +
          names.map(n => (n.startsWith('-') ? ' --scene=' : ' --scene ') + shellQuote(n)).join('');
        const counts = results.counts;
        const counted = (n, noun) => n + ' ' + noun + (n === 1 ? '' : 's');
        document.getElementById('meta').textContent =
          // On devices each scene is checked once per device, as the command line's summary says.
          (results.devices && results.devices.length
            ? counted(counts.scenes, 'check') + ' (' + counted(new Set(results.scenes.map(s => s.scene)).size, 'scene') +
              ' on ' + counted(results.devices.length, 'device') + ')'
            : counted(counts.scenes, 'scene')) + ' · baselines ' + results.baselines + ' · record mode ' + results.recordMode +
          (results.devices ? ' · devices ' + results.devices.join(', ') : '') + ' · ' + results.comparison;
        const summary = document.getElementById('summary');
        let filter = null;
        // A status button and the name filter together choose the cards (and passed scenes) shown.
        const applyFilter = () => {
          const needle = query.toLowerCase();
          const named = (name) => !needle || name.toLowerCase().includes(needle);
          let shown = 0;
          for (const card of document.querySelectorAll('.card')) {
            const visible = (!filter || card.dataset.status === filter) && named(card.dataset.name);
            card.style.display = visible ? '' : 'none';
            if (visible) shown++;
          }
          for (const item of document.querySelectorAll('#passed-list li')) {
            const visible = (!filter || filter === 'passed') && named(item.dataset.name);
            item.style.display = visible ? '' : 'none';
            if (visible) shown++;
          }
          for (const b of summary.querySelectorAll('button')) b.classList.toggle('on', b.dataset.status === filter);
          document.getElementById('shown').textContent = filter || needle ? shown + ' shown' : '';
          updateApproveBar();
        };
        for (const status of order) {
          summary.append(el('button', { 'data-status': status, text: counts[status] + ' ' + status,
            onclick: () => { filter = filter === status ? null : status; applyFilter(); } }));
        }

        // The tools under the counts: the name filter, and the zoom every image view follows.
        let refreshers = [];
        const zoomButtons = el('span', { class: 'modes' }, ...zoomLevels.map(level => el('button', {
          'data-zoom': level, text: level === 'fit' ? 'Fit' : level + '×',
          onclick: () => { zoom = level; applyZoom(); } })));
        function applyZoom() {
          document.body.classList.toggle('zoomed', zoom !== 'fit');
          for (const b of zoomButtons.children) b.classList.toggle('on', b.dataset.zoom === zoom);
          refreshers = refreshers.filter(refresh => refresh());
        }
        document.getElementById('tools').append(
          el('input', { type: 'search', id: 'name-filter', placeholder: 'Filter scenes by name', value: query,
            'aria-label': 'Filter scenes by name', oninput: (e) => { query = e.target.value; applyFilter(); } }),
          el('span', {}, document.createTextNode('Zoom '), zoomButtons), el('span', { class: 'shown', id: 'shown' }));
        applyZoom();

        // The bar above the cards: the one command that approves the ticked scenes, or every
        // failure shown (all of them, unless a filter hides some) when none is ticked. Only the
        // cards shown count, so a filtered page never approves what it hides.
        function updateApproveBar() {
          const bar = document.getElementById('approve-bar');
          const every = [...document.querySelectorAll('.approve-pick')];
          const boxes = every.filter(b => b.closest('.card').style.display !== 'none');
          bar.hidden = boxes.length === 0;
          if (!boxes.length) return;
          const picked = boxes.filter(b => b.checked).map(b => b.dataset.scene);
          const chosen = picked.length ? picked : boxes.map(b => b.dataset.scene);
          const all = chosen.length === every.length;
          const command = approveCommand(all ? [] : chosen);
          const code = el('code', { id: 'approve-command', text: command });
          const copy = el('button', { text: 'Copy', onclick: () => {
            const done = () => { copy.textContent = 'Copied'; setTimeout(() => { copy.textContent = 'Copy'; }, 1200); };
            if (navigator.clipboard) navigator.clipboard.writeText(command).then(done, () => getSelection().selectAllChildren(code));
            else getSelection().selectAllChildren(code);
          } });
          const tick = (on) => () => { for (const b of boxes) b.checked = on; updateApproveBar(); };
          bar.replaceChildren(
            el('span', { text: all ? 'Approve all ' + every.length + (every.some(b => b.dataset.unreadable) ? ' failing, missing or unreadable:' : ' failing or missing:')
              : 'Approve the ' + chosen.length + (picked.length ? ' ticked:' : ' shown:') }),
            code, copy, el('button', { text: 'Tick all', onclick: tick(true) }), el('button', { text: 'Untick all', onclick: tick(false) }));
        }

        function numbers(c) {
          if (!c) return null;
          const rows = [['different pixels', c.differentPixels + ' of ' + c.totalPixels + ' (' + percent(c.differentPixelRatio) + ')' +
              (c.allowedDifferentPixels ? ', ' + c.allowedDifferentPixels + ' allowed' : '')],
            ['anti-aliased (not counted)', String(c.antiAliasedPixels)],
            ['largest difference', String(Math.round(c.maximumDifference * 10000) / 10000)],
            ['size', c.sizeMismatch ? 'expected ' + c.expectedSize + ', got ' + c.actualSize : c.actualSize],
            ['changed regions', c.regions.length ? c.regions.slice(0, 6).map(r => r[2] + '×' + r[3] + ' at ' + r[0] + ',' + r[1]).join('; ') +
              (c.regions.length > 6 ? ' …' : '') : '—']];
          return el('table', { class: 'numbers' }, ...rows.map(([k, v]) => el('tr', {}, el('td', { text: k }), el('td', { text: v }))));
        }

        // An image at the chosen zoom: its natural size times the zoom once it has loaded (the
        // style sheet fits it to the page at 'fit').
        const sized = (img) => {
          const apply = () => { if (zoom !== 'fit' && img.naturalWidth) img.style.width = img.naturalWidth * Number(zoom) + 'px'; };
          img.addEventListener('load', apply);
          apply();
          return img;
        };
        const port = (content) => el('div', { class: 'port' }, content);

        // Zoomed, the ports of one view scroll together and start centred on the frame's first
        // changed region.
        function linkPorts(body, frame) {
          const ports = [...body.querySelectorAll('.port')];
          if (zoom === 'fit' || !ports.length) return;
          for (const from of ports) from.addEventListener('scroll', () => {
            for (const to of ports) {
              if (to.scrollLeft !== from.scrollLeft) to.scrollLeft = from.scrollLeft;
              if (to.scrollTop !== from.scrollTop) to.scrollTop = from.scrollTop;
            }
          });
          const region = frame.comparison && frame.comparison.regions && frame.comparison.regions[0];
          if (!region) return;
          const scale = Number(zoom);
          const centre = () => {
            for (const p of ports) {
              p.scrollLeft = (region[0] + region[2] / 2) * scale - p.clientWidth / 2;
              p.scrollTop = (region[1] + region[3] / 2) * scale - p.clientHeight / 2;
            }
          };
          for (const img of body.querySelectorAll('img')) img.addEventListener('load', centre);
          centre();
        }

        function viewer(frame) {
          const box = el('div', { class: 'view' });
          const modes = el('div', { class: 'modes' });
          const body = el('div');
          const has = frame.expected && frame.actual;
          let timer = null, current = initialMode;
          const show = (mode) => {
            current = mode;
            body.replaceChildren();
            body.className = mode;
            if (timer) { clearInterval(timer); timer = null; }
            for (const b of modes.children) b.classList.toggle('on', b.dataset.mode === mode);
            if (!has) {
              if (frame.actual) body.append(el('figure', {}, port(sized(image(frame.actual, 'actual'))), el('figcaption', { text: frame.baselineUnreadable ? 'actual (the baseline is not a readable PNG)' : 'actual (no baseline before this run)' })));
              else if (frame.expected) body.append(el('figure', {}, port(sized(image(frame.expected, 'expected'))), el('figcaption', { text: 'expected (past the animation\'s end: approve deletes it)' })));
            } else if (mode === 'side') {
              for (const [label, src] of [['expected', frame.expected], ['actual', frame.actual], ['diff', frame.diff]])
                if (src) body.append(el('figure', {}, port(sized(image(src, label))), el('figcaption', { text: label })));
            } else if (mode === 'swipe') {
              const clip = el('div', { class: 'swipe-clip', style: 'width:50%' }, sized(image(frame.expected, 'expected')));
              const range = el('input', { type: 'range', min: '0', max: '100', value: '50',
                oninput: (e) => { clip.style.width = e.target.value + '%'; } });
              body.append(range, port(el('div', { class: 'stack' }, sized(image(frame.actual, 'actual')), clip)),
                el('p', { class: 'message', text: 'left of the line: expected · right: actual' }));
            } else if (mode === 'onion') {
              const top = sized(image(frame.expected, 'expected', 'top'));
              top.style.opacity = '0.5';
              const range = el('input', { type: 'range', min: '0', max: '100', value: '50',
                oninput: (e) => { top.style.opacity = String(e.target.value / 100); } });
              body.append(range, port(el('div', { class: 'stack' }, sized(image(frame.actual, 'actual')), top)),
                el('p', { class: 'message', text: 'slider: opacity of the expected image over the actual one' }));
            } else if (mode === 'toggle') {
              // Both images stacked, shown in turn; the changed regions outlined over them.
              const actual = sized(image(frame.actual, 'actual'));
              const expected = sized(image(frame.expected, 'expected', 'top'));
              const stack = el('div', { class: 'stack' }, actual, expected);
              const caption = el('figcaption', { text: 'expected' });
              const regions = (frame.comparison && frame.comparison.regions) || [];
              const outline = () => {
                if (stack.querySelector('.region') || !actual.naturalWidth) return;
                const w = actual.naturalWidth, h = actual.naturalHeight;
                for (const [x, y, rw, rh] of regions.slice(0, 100))
                  stack.append(el('div', { class: 'region', style: 'left:' + (100 * x / w) + '%;top:' + (100 * y / h) +
                    '%;width:' + (100 * rw / w) + '%;height:' + (100 * rh / h) + '%' }));
              };
              actual.addEventListener('load', outline);
              outline();
              let showingExpected = true;
              timer = setInterval(() => {
                if (!stack.isConnected) { clearInterval(timer); return; }
                showingExpected = !showingExpected;
                expected.classList.toggle('hidden', !showingExpected);
                caption.textContent = showingExpected ? 'expected' : 'actual';
              }, 600);
              body.append(el('figure', {}, port(stack), caption),
                el('p', { class: 'message', text: 'expected and actual in turn, every 0.6 s · boxes: the changed regions' }));
            } else {
              body.append(el('figure', {}, port(sized(image(frame.diff, 'diff'))), el('figcaption', { text: 'red: changed · yellow: anti-aliasing (not counted)' })));
            }
            linkPorts(body, frame);
          };
          if (has) {
            for (const [mode, label] of [['side', 'Side by side'], ['swipe', 'Swipe'], ['onion', 'Onion skin'], ['toggle', 'Toggle'], ['diff', 'Diff']])
              modes.append(el('button', { 'data-mode': mode, text: label, onclick: () => show(mode) }));
            box.append(modes);
          }
          box.append(body);
          show(current);
          // A new zoom redraws the view; a view replaced by another frame's drops out.
          refreshers.push(() => { if (!box.isConnected) return false; show(current); return true; });
          return box;
        }

        const main = document.getElementById('scenes');
        const passed = [];
        for (const scene of results.scenes) {
          if (scene.status === 'passed') { passed.push(scene); continue; }
          const card = el('article', { class: 'card', 'data-status': scene.status, 'data-name': scene.name, id: 'scene-' + scene.name });
          card.append(el('h2', {}, el('span', { class: 'badge ' + scene.status, text: scene.status }), el('span', { text: scene.name })));
          // Baselines past the end of an animation that got shorter are not frames of it.
          const rendered = scene.frames.filter(f => !f.pastTheEnd).length, pastTheEnd = scene.frames.length - rendered;
          card.append(el('p', { class: 'source', text: scene.scene + (scene.animated ? ' · animation, ' + rendered + ' frames' +
            (pastTheEnd ? ' (and ' + pastTheEnd + ' baselines past its end)' : '') : '') }));
          if (scene.error) { card.append(el('p', { class: 'message', text: scene.error })); main.append(card); continue; }
          // approve also repairs a baseline that is not a readable PNG (its actual image is kept).
          if (scene.status === 'failed' || scene.status === 'missing' || scene.frames.some(f => f.baselineUnreadable)) {
            const box = el('input', { type: 'checkbox', class: 'approve-pick', 'data-scene': scene.name, onchange: updateApproveBar });
            if (scene.frames.some(f => f.baselineUnreadable)) box.dataset.unreadable = 'true';
            box.checked = initialPicks.has(scene.name);
            card.querySelector('h2').append(el('label', { class: 'pick' }, box, document.createTextNode(' approve')));
            card.append(el('p', { class: 'message' }, document.createTextNode('to accept: '),
              el('code', { text: approveCommand([scene.name]) })));
          }
          const shown = scene.frames.filter(f => f.status !== 'passed');
          const detail = el('div');
          const select = (frame) => {
            // A frame without numbers (missing) has no table: null would be shown as text.
            detail.replaceChildren(...[
              el('p', { class: 'message', text: (frame.frame !== undefined && frame.frame !== null ? 'frame ' + frame.frame + ': ' : '') + (frame.message || frame.status) }),
              numbers(frame.comparison), viewer(frame)].filter(Boolean));
            for (const b of card.querySelectorAll('.strip button')) b.classList.toggle('on', b.dataset.name === frame.name);
          };
          if (scene.animated) {
            card.append(el('p', { class: 'message', text: shown.length + ' of ' + scene.frames.length + (pastTheEnd ? ' images' : ' frames') + ' not passed; choose one:' }));
            const strip = el('div', { class: 'strip' });
            for (const f of shown) {
              // A baseline past the end that this run deleted has no image left to show.
              const src = f.diff || f.actual || f.expected;
              strip.append(el('button', { 'data-name': f.name, title: f.name, onclick: () => select(f) },
                ...(src ? [image(src, 'frame ' + f.frame)] : []), document.createTextNode(f.pastTheEnd ? 'past end ' + (f.frame ?? f.name.split('/').pop()) : f.status + ' ' + f.frame)));
            }
            card.append(strip);
          }
          card.append(detail);
          if (shown.length) select(shown[0]);
          main.append(card);
        }
        if (!main.children.length) main.append(el('p', { text: 'Every scene matches its baseline.' }));
        updateApproveBar();
        const passedList = document.getElementById('passed-list');
        if (passed.length) {
          // A pass that is not identical (only within the tolerance) and a baseline re-recorded
          // within it are marked, as the console's summary counts them: rendering is
          // deterministic, so either is a change, small but not to go unseen.
          const note = (s) => {
            const near = s.frames.filter(f => f.withinTolerance), rewritten = s.frames.filter(f => f.rewritten).length;
            const notes = [];
            if (near.length) {
              const pixels = near.reduce((sum, f) => sum + (f.comparison.differentPixels || 0), 0);
              notes.push((s.animated ? near.length + ' of ' + s.frames.length + ' frames' : 'the image') +
                ' not identical, within the tolerance' + (pixels ? ' (' + pixels + ' different pixels counted)' : ''));
            }
            if (rewritten) notes.push(s.animated ? rewritten + ' baselines re-recorded within the tolerance' : 'baseline re-recorded within the tolerance');
            return notes.length ? [el('span', { class: 'near', text: ' — ' + notes.join('; ') })] : [];
          };
          const nearCount = counts.withinTolerance || 0;
          passedList.append(el('h3', { text: passed.length + ' passed' + (nearCount ? ' (' + nearCount + ' within the tolerance, not identical)' : '') }),
            el('ul', { class: 'plain' }, ...passed.map(s => el('li', { 'data-name': s.name, text: s.name + (s.animated ? ' (' + s.frames.length + ' frames)' : '') }, ...note(s)))));
        }
        if (results.orphanedBaselines.length) {
          document.getElementById('orphans').append(
            el('h3', { text: results.orphanedBaselines.length + ' baseline(s) no scene uses' + (results.pruned ? ' (deleted)' : '') }),
            el('ul', { class: 'plain' }, ...results.orphanedBaselines.map(p => el('li', { text: p }))));
        }
        applyFilter();
        document.body.dataset.images = loaded + '/' + total;
        """#
}
