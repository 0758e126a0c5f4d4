// An event's page: the live ranking for everybody; with the director's link (?token=) the pairs, the rounds, the
// tables, robots, adjusted scores, the results corrections replaced (kept, never scored: L79C, L12C) and the end;
// with a pair's link its movement card, its seats and its traveller.
// The link's token is sent as "Authorization: Bearer …", never in another URL.
"use strict";
const EVENT = document.querySelector("main").dataset.event;
const TOKEN = new URLSearchParams(window.location.search).get("token");
let shown = {round: -1, role: undefined, pairs: false};

function say(text, bad) {
  const box = document.getElementById("message");
  box.hidden = false;
  box.textContent = text;
  box.classList.toggle("error", Boolean(bad));
}

async function act(method, url, body, done) {
  try { const data = await api(method, url, body, TOKEN); if (done) done(data); await refresh(); return data; }
  catch (err) { say(err.message, true); return null; }
}

function resultText(r) {
  const form = r.fouled ? ` on form ${r.fouled} of the fouled board (L87A)` : "";
  if (r.adjusted || r.assigned) return r.text + form;  // the director's score as the CLI writes it (L12C, L81C8)
  if (!r.contract) return "—";
  if (r.contract.toLowerCase() === "pass") return "passed out" + form;
  return `${r.contract} ${r.declarer} ${r.tricks} tricks` + (r.lead ? `, lead ${r.lead}` : "") + form;
}

function placeView(p, state) {
  const box = el("div", {class: "place", "data-round": p.round, "data-table": p.table});
  box.append(el("h3", {}, `Round ${p.round}, table ${p.table}: NS ${p.ns} – EW ${p.ew}, boards ${p.boards[0]}–${p.boards[p.boards.length - 1]}`));
  const seats = Object.entries(p.seats || {}).map(([s, v]) => `${s} ${v.kind === "robot" ? "robot" : v.taken ? "taken" : "free"}`);
  if (seats.length) box.append(el("p", {class: "muted"}, seats.join(" · ")));
  if (state.role === "director" && p.table_id && state.status === "open") {
    box.append(el("a", {class: "direct", href: `/t/${p.table_id}?token=${encodeURIComponent(TOKEN)}`}, "the table"), " ");
  }
  if (state.role === "director" && p.round === state.round && p.table_id && state.status === "open") {
    box.append(el("button", {class: "robots", onclick: () => act("POST", `/api/events/${EVENT}/rounds/${p.round}/tables/${p.table}/robots`, {seats: []})},
      "Robots in the free seats"));
  }
  const rows = el("tbody", {});
  for (const r of p.results) {
    const cell = el("td", {});
    const mine = state.role === "director" || (r.entered_by && r.entered_by !== `pair ${state.role}` && r.entered_by !== "played");
    if (r.entered_by && !r.confirmed && mine) {
      cell.append(el("button", {class: "confirm", onclick: () => act("POST", `/api/events/${EVENT}/results/confirm`, {round: r.round, table: r.table, board: r.board})}, "Confirm"));
    } else if (r.entered_by) cell.append(r.confirmed ? (r.entered_by === "played" ? "played online" : "confirmed") : "awaits the opponents");
    rows.append(el("tr", {"data-board": r.board}, el("td", {}, String(r.board)), el("td", {class: "result"}, resultText(r)), cell));
  }
  box.append(el("table", {class: "tables traveller"}, el("thead", {}, el("tr", {}, el("th", {}, "Board"), el("th", {}, "Result"), el("th", {}, ""))), rows));
  return box;
}

function travellerForm(place) {
  const form = el("form", {class: "traveller", "data-table": place.table});
  const board = el("select", {name: "board"}, ...place.boards.map((b) => el("option", {value: b}, String(b))));
  form.append(el("h3", {}, "Traveller"), el("label", {}, "Board ", board),
    el("label", {}, "Contract ", el("input", {name: "contract", placeholder: "4S, 3NTX, pass", maxlength: "8", required: ""})),
    el("label", {}, "Declarer ", el("select", {name: "declarer"}, ...["N", "E", "S", "W"].map((s) => el("option", {}, s)))),
    el("label", {}, "Lead ", el("input", {name: "lead", placeholder: "SK", maxlength: "3"})),
    el("label", {}, "Tricks ", el("input", {name: "tricks", type: "number", min: "0", max: "13", value: "7"})),
    el("button", {type: "submit"}, "Enter"));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const f = new FormData(form);
    const contract = f.get("contract").trim();
    const passed = contract.toLowerCase() === "pass";
    act("POST", `/api/events/${EVENT}/results`, {round: place.round, table: place.table, board: Number(f.get("board")),
      contract, declarer: passed ? null : f.get("declarer"), tricks: passed ? null : Number(f.get("tricks")),
      lead: f.get("lead").trim() || null}, () => { form.reset(); say(`board ${f.get("board")} entered: the opponents confirm it`); });
  });
  return form;
}

function pairTable(state) {
  const box = document.getElementById("my-table");
  box.replaceChildren();
  const places = (state.card || []).filter((p) => p.round === state.round);  // a team: two tables
  if (!state.round) { box.append(el("p", {class: "muted"}, "The first round has not started.")); return; }
  if (!places.length) { box.append(el("p", {}, `You sit out round ${state.round}.`)); return; }
  const name = el("input", {id: "player-name", maxlength: "100", placeholder: "your name"});
  box.append(el("p", {}, el("label", {}, "Your name ", name)));
  for (const place of places) {
    const seats = place.direction === "NS" ? ["N", "S"] : ["E", "W"];
    box.append(el("h3", {}, `Round ${state.round}: table ${place.table}, ${place.direction}, against ${who(state)} ${place.opponent}`),
      el("p", {}, "Play online: ", ...seats.map((s) => el("button", {class: "sit", "data-seat": s, onclick: () =>
        act("POST", `/api/events/${EVENT}/seats/${s}`, {name: name.value.trim()}, (seated) => { window.location.href = seated.url; })}, `Sit ${s}`))),
      el("p", {class: "muted"}, "Or play with cards at the table and enter each board here:"),
      travellerForm({...place, round: state.round}));
  }
}

function who(state) { return state.form === "teams" ? "team" : "pair"; }

function directorPairs(state) {
  const body = document.querySelector("#pairs tbody");
  body.replaceChildren();
  for (const n of state.pair_numbers) {
    const names = el("input", {name: `names-${n}`, value: state.pairs[String(n)] || "", maxlength: "200"});
    // the pair's system card (L40A1(b)), as docs/disclosure.md writes a side's card: the server checks it
    const card = el("textarea", {name: `card-${n}`, class: "pair-card", rows: "1", cols: "40",
      placeholder: 'card: {"1NT P 2C": {"artificial": true, "text": "Stayman"}}'});
    const link = el("td", {class: "pair-link"});
    const enter = () => {
      const body = {names: names.value.trim() || `Pair ${n}`};
      try { if (card.value.trim()) body.card = JSON.parse(card.value); } catch (err) { say(`Pair ${n}'s card: not JSON (${err.message})`, true); return; }
      act("POST", `/api/events/${EVENT}/pairs/${n}`, body,
        (made) => { link.replaceChildren(el("a", {href: made.url}, window.location.origin + made.url)); });
    };
    body.append(el("tr", {"data-pair": n}, el("td", {}, String(n)), el("td", {}, names, card),
      el("td", {}, el("button", {class: "enter-pair", onclick: enter}, "Enter")), link));
  }
}

async function refresh() {
  let state;
  try { state = await api("GET", `/api/events/${EVENT}`, undefined, TOKEN); } catch (err) { say(err.message, true); return; }
  document.getElementById("event-status").textContent =
    state.status === "finished" ? "finished" : state.round ? `round ${state.round} of ${state.rounds}` : "not started";
  document.getElementById("movement").textContent = state.movement;
  const others = Object.entries(state.sections).filter(([s]) => s !== state.section);
  document.getElementById("sections").replaceChildren(...(others.length ? ["Sections: ", ...Object.entries(state.sections).map(([s, id]) =>
    s === state.section ? el("b", {}, s + " ") : el("a", {href: `/e/${id}` + (state.role === "director" ? `?token=${encodeURIComponent(TOKEN)}` : ""), class: "section"}, s + " "))] : []));
  const ranking = document.querySelector("#ranking tbody");
  ranking.replaceChildren(...state.ranking.map((s) => el("tr", {"data-pair": s.id}, el("td", {}, String(s.rank) + (s.tied ? "=" : "")),
    el("td", {}, s.direction || ""), el("td", {}, s.id), el("td", {}, s.names), el("td", {}, String(Math.round(s.total * 100) / 100)),
    el("td", {}, s.percentage !== null ? s.percentage.toFixed(2) : s.average !== null ? s.average.toFixed(2) : ""),
    el("td", {}, String(s.boards)))));
  // matchpoints: the percentage of the tops of the boards played; IMPs: the points per board (L78)
  document.getElementById("share").textContent = {matchpoints: "%", teams: ""}[state.form] ?? "Per board";
  // a condition of contest (L78D): how a board with fewer results than the movement plays it is matchpointed
  document.getElementById("factoring").textContent = state.form !== "matchpoints" ? "" : state.factoring === "none"
    ? "A board with fewer results is matchpointed on its own top (L78A)." : `A board with fewer results is factored to the movement's top: ${state.factoring === "neuberg" ? "Neuberg's formula" : "in proportion"} (L78D).`;
  // a condition of contest too (the laws give no rounding, L12C1(c)): the points of a weighted assigned score
  const places = state.weighted_places;  // the event's condition, or the form's own
  document.getElementById("weighted").textContent = `With an assigned score, board points are shown to ${places} decimal${places === 1 ? "" : "s"}, `
    + `a weighted one (L12C1(c)) rounded halves away from zero${state.weighted_decimals === null ? " (the form's own)" : " (the event's conditions)"}.`;
  if (state.status === "finished") {
    document.getElementById("site-link").replaceChildren(el("a", {id: "results-site", href: `/e/${EVENT}/site/`}, "The results: every board, every pair's card"),
      " · ", el("a", {href: `/api/events/${EVENT}/results.pbn`}, "PBN"), " · ", el("a", {href: `/api/events/${EVENT}/results.xml`}, "USEBIO"),
      " · ", el("a", {href: `/api/events/${EVENT}/hands.pdf`}, "hand records (PDF)"));
  }
  const director = state.role === "director";
  const pair = typeof state.role === "number";
  document.getElementById("director-panel").hidden = !director;
  document.getElementById("pair-panel").hidden = !pair;
  document.getElementById("tables-panel").hidden = !(director || pair);
  if (director) {
    document.getElementById("director-link").textContent = "Your director's link (keep it): " + window.location.href;
    if (!shown.pairs) { directorPairs(state); shown.pairs = true; }
    document.getElementById("start-round").disabled = state.round >= state.rounds || state.status !== "open";
    document.getElementById("finish").disabled = state.status !== "open";
    const t = state.travellers;  // the CLI's travellers: adjusted scores as written (L12C), points by the form (L78)
    document.getElementById("travellers").replaceChildren(...t.boards.map((b) => el("table", {class: "tables traveller-board", "data-board": b.board},
      el("caption", {}, `Board ${b.board}`), el("thead", {}, el("tr", {}, ...t.columns.map((c) => el("th", {}, c)))),
      el("tbody", {}, ...b.rows.map((row) => el("tr", {"data-table": row[0]}, ...row.map((cell) => el("td", {}, cell))))))));
    document.querySelector("#replaced tbody").replaceChildren(...state.replaced.map((r) => el("tr", {"data-board": r.board},
      el("td", {}, String(r.round)), el("td", {}, String(r.table)), el("td", {}, String(r.board)), el("td", {class: "result"}, resultText(r)),
      el("td", {}, r.entered_by), el("td", {class: "now", title: r.note}, r.now ? resultText(r.now) : "", r.note ? el("div", {class: "note muted"}, r.note) : null), el("td", {}, r.replaced_by), el("td", {}, new Date(r.replaced_at).toLocaleString()))));
  }
  if (pair) {
    document.getElementById("pair-title").textContent = `${who(state) === "team" ? "Team" : "Pair"} ${state.role}: ${state.pairs[String(state.role)] || ""}`;
    document.querySelector("#card tbody").replaceChildren(...state.card.map((p) => el("tr", {}, el("td", {}, String(p.round)),
      el("td", {}, String(p.table)), el("td", {}, p.direction), el("td", {}, p.opponent === null ? "sits out" : String(p.opponent)),
      el("td", {}, `${p.boards[0]}–${p.boards[p.boards.length - 1]}`))));
    if (shown.round !== state.round) { pairTable(state); shown.round = state.round; }
  }
  if (director || pair) document.getElementById("places").replaceChildren(...state.places.slice().reverse().map((p) => placeView(p, state)));
}

document.getElementById("start-round").addEventListener("click", () => act("POST", `/api/events/${EVENT}/rounds`, null, (r) => say(`round ${r.round} started`)));
document.getElementById("finish").addEventListener("click", () => act("POST", `/api/events/${EVENT}/finish`, null, () => say("the results are published")));
document.getElementById("adjust").addEventListener("submit", (event) => {
  event.preventDefault();
  const f = new FormData(event.target);
  // artificial (L12C2), assigned (L12C1(c): weighted or not) or split, each side its own (L12C1(e)): the server checks it
  const kind = f.get("kind");
  let score = kind === "split" ? {assigned_ns: f.get("score"), assigned_ew: f.get("score_ew")} : {[kind]: f.get("score")};
  if (kind === "played") {  // the table's result, "4S N 10" or "pass", e.g. on a fouled board's form (L87A)
    const [contract, declarer, tricks] = f.get("score").trim().split(/\s+/);
    score = {contract: contract.toUpperCase(), declarer: declarer ? declarer.toUpperCase() : null, tricks: tricks === undefined ? null : Number(tricks)};
  }
  // a fouled board's form (L87A) and, teams, the side at fault (L86B2(b)): the server checks them as `event result` does
  act("POST", `/api/events/${EVENT}/results`, {round: Number(f.get("round")), table: Number(f.get("table")), board: Number(f.get("board")),
    ...score, reason: f.get("reason"), fouled: f.get("fouled").trim() || null, at_fault: f.get("at_fault") || null},
    (r) => say(r.message || `${resultText(r)} entered`));
});
refresh();
setInterval(refresh, 2000);
