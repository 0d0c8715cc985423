/**
 * The operator page: plain HTML and a script, no build step. The token is asked for in a form, kept
 * in sessionStorage (never in a URL) and sent as a Bearer header to `admin/data`.
 */
export const ADMIN_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Room restyler proxy: operator view</title>
<link rel="stylesheet" href="admin/uplot.css">
<style>
  :root { color-scheme: light; font-family: system-ui, sans-serif; color: #1b1b1b; background: #fafafa; }
  body { margin: 0 auto; padding: 1rem; max-width: 60rem; }
  h1 { font-size: 1.4rem; margin: 0 0 1rem; }
  h2 { font-size: 1.1rem; margin: 1.5rem 0 .5rem; }
  .cards { display: grid; grid-template-columns: repeat(auto-fit, minmax(12rem, 1fr)); gap: .75rem; }
  .card { background: #fff; border: 1px solid #d0d0d0; border-radius: .5rem; padding: .75rem; }
  .card p { margin: 0; }
  .big { font-size: 1.6rem; font-weight: 600; }
  .meter { height: .6rem; background: #e4e4e4; border-radius: .3rem; overflow: hidden; margin-top: .4rem; }
  .meter span { display: block; height: 100%; background: #1d5fbf; }
  .chart { background: #fff; border: 1px solid #d0d0d0; border-radius: .5rem; padding: .5rem; overflow: hidden; }
  table { border-collapse: collapse; width: 100%; background: #fff; }
  .chart + table { margin-top: .5rem; }
  .table { overflow-x: auto; }
  th, td { text-align: left; padding: .35rem .5rem; border-bottom: 1px solid #e0e0e0; }
  @media (max-width: 30rem) { th, td { padding: .35rem .3rem; } }
  form { display: flex; flex-wrap: wrap; gap: .5rem; align-items: end; }
  label { display: flex; flex-direction: column; gap: .25rem; font-weight: 600; }
  input { font: inherit; padding: .4rem; min-width: 16rem; max-width: 100%; }
  button { font: inherit; padding: .45rem 1rem; background: #1d5fbf; color: #fff; border: 0; border-radius: .3rem; }
  .error { color: #a40000; }
  [hidden] { display: none !important; }
  .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
</style>
</head>
<body>
<main>
<h1>Room restyler proxy</h1>
<form id="login">
  <label for="token">Admin token<input id="token" type="password" autocomplete="current-password" required></label>
  <button type="submit">Show</button>
  <p id="login-error" class="error" role="alert"></p>
</form>
<div id="view" hidden>
  <section aria-labelledby="today">
    <h2 id="today">Today</h2>
    <div class="cards">
      <div class="card"><p>Credits spent today (UTC)</p><p class="big" id="spent">–</p>
        <div class="meter" role="img" id="meter-label" aria-label="share of the daily budget spent"><span id="meter" style="width:0"></span></div></div>
      <div class="card"><p>Budget left</p><p class="big" id="left">–</p></div>
      <div class="card"><p>Store</p><p class="big" id="store">–</p></div>
    </div>
  </section>
  <section aria-labelledby="instances-title">
    <h2 id="instances-title">Instances (seen in the last 2 minutes)</h2>
    <div class="table" tabindex="0" role="region" aria-label="Instances table (scrolls sideways)"><table><thead><tr><th scope="col">Instance</th><th scope="col">Version</th><th scope="col">Since</th><th scope="col">Jobs followed</th><th scope="col">Event streams</th></tr></thead>
      <tbody id="instances"></tbody></table></div>
  </section>
  <section aria-labelledby="jobs-title">
    <h2 id="jobs-title">Jobs per hour, last 24 hours (this instance)</h2>
    <div class="chart" id="jobs-chart"></div>
  </section>
  <section aria-labelledby="refusals-title">
    <h2 id="refusals-title">Refusals per hour, last 24 hours (this instance)</h2>
    <div class="chart" id="refusals-chart"></div>
    <table><caption class="visually-hidden">Refusals by reason since the instance started</caption>
      <thead><tr><th scope="col">Reason</th><th scope="col">Refusals</th></tr></thead><tbody id="reasons"></tbody></table>
  </section>
  <section aria-labelledby="slowest-title">
    <h2 id="slowest-title">Slowest jobs, last 24 hours</h2>
    <div class="table" tabindex="0" role="region" aria-label="Slowest jobs table (scrolls sideways)"><table><thead><tr><th scope="col">Operation</th><th scope="col">Outcome</th><th scope="col">Seconds</th><th scope="col">Ended</th></tr></thead>
      <tbody id="slowest"></tbody></table></div>
  </section>
</div>
</main>
<script src="admin/uplot.js"></script>
<script src="admin/admin.js"></script>
</body>
</html>
`;

export const ADMIN_SCRIPT = `'use strict';
(() => {
  const KEY = 'room-restyler-admin-token';
  const $ = (id) => document.getElementById(id);
  const charts = {};
  const row = (cells) => {
    const tr = document.createElement('tr');
    tr.append(...cells.map((cell) => Object.assign(document.createElement('td'), { textContent: String(cell) })));
    return tr;
  };
  // A table's rows, or the one row that says it is empty.
  const fill = (id, rows, empty) => $(id).replaceChildren(...(rows.length > 0 ? rows : [row(empty)]));
  const width = () => Math.max(260, $('view').clientWidth - 20);
  // One line per count of the hours, named as the count and drawn in its colour.
  function chart(id, title, colors, hours) {
    const series = Object.entries(colors);
    const data = [hours.map((h) => h.at / 1000), ...series.map(([key]) => hours.map((h) => h[key]))];
    if (charts[id]) return charts[id].setData(data);
    const opts = {
      title, width: width(), height: 220,
      series: [{}, ...series.map(([key, color]) => ({ label: key, stroke: color, width: 2 }))],
      axes: [{}, { label: 'per hour' }],
      // The series' names only: a live legend shows "--" until a pointer hovers, which a phone never does.
      legend: { live: false },
    };
    charts[id] = new uPlot(opts, data, $(id));
    $(id).querySelector('canvas')?.setAttribute('aria-hidden', 'true');
  }
  async function load() {
    const token = sessionStorage.getItem(KEY);
    if (!token) return;
    const response = await fetch('admin/data', { headers: { authorization: 'Bearer ' + token }, cache: 'no-store' });
    if (!response.ok) {
      sessionStorage.removeItem(KEY);
      $('view').hidden = true;
      $('login').hidden = false;
      $('login-error').textContent = 'That token was not accepted.';
      return;
    }
    const data = await response.json();
    $('login').hidden = true;
    $('view').hidden = false;
    const { budget } = data;
    $('spent').textContent = budget.spent === null ? 'unknown' : budget.spent + (budget.daily === null ? '' : ' of ' + budget.daily);
    $('left').textContent = budget.left === null ? (budget.daily === null ? 'no budget' : 'unknown') : String(budget.left);
    const share = budget.daily && budget.spent !== null ? Math.min(100, Math.round((100 * budget.spent) / budget.daily)) : 0;
    $('meter').style.width = share + '%';
    $('meter-label').setAttribute('aria-label', share + ' % of the daily budget spent');
    $('store').textContent = data.store === 'ok' ? 'reachable' : 'UNREACHABLE';
    $('instances').replaceChildren(...data.instances.map((i) =>
      row([i.id + (i.id === data.instance ? ' (this page)' : ''), i.version, new Date(i.started_at).toLocaleString(), i.jobs, i.streams])));
    chart('jobs-chart', 'Jobs', { started: '#1d5fbf', succeeded: '#1a7f37', failed: '#b35900', unknown: '#8a1c7c' }, data.hours);
    chart('refusals-chart', 'Refusals', { refused: '#a40000' }, data.hours);
    fill('reasons', Object.entries(data.refusals).sort((a, b) => b[1] - a[1]).map(([reason, n]) => row([reason, n])), ['none', 0]);
    const slowest = data.slowest.map((j) => row([j.operation, j.outcome, j.seconds.toFixed(1), new Date(j.at).toLocaleTimeString()]));
    fill('slowest', slowest, ['no job ended yet', '', '', '']);
    document.body.dataset.loaded = 'true';
  }
  $('login').addEventListener('submit', (event) => {
    event.preventDefault();
    sessionStorage.setItem(KEY, $('token').value);
    $('token').value = '';
    $('login-error').textContent = '';
    load();
  });
  addEventListener('resize', () => { for (const c of Object.values(charts)) c.setSize({ width: width(), height: 220 }); });
  load();
  setInterval(load, 30000);
})();
`;
