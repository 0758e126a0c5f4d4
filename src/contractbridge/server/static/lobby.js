// The lobby: open tables with their free seats (refreshed every few seconds), and the form to open one.
"use strict";
const SEATS = ["N", "E", "S", "W"];

async function sit(tableId, seat) {
  const name = document.getElementById("player-name").value.trim();
  try {
    const seated = await api("POST", `/api/tables/${tableId}/seats/${seat}`, {kind: "human", name});
    window.location.href = seated.url;
  } catch (err) { alert(err.message); refresh(); }
}

const DIRECTOR_KEY = "contractbridge.director.";  // + table id: the director's link, in this browser only

async function refresh() {
  const tables = await api("GET", "/api/tables");
  const body = document.querySelector("#tables tbody");
  body.replaceChildren();
  document.getElementById("no-tables").hidden = tables.length > 0;
  for (const t of tables) {
    const row = el("tr", {"data-table": t.id}, el("td", {}, t.name + (t.director ? " (director)" : "")),
      el("td", {}, t.edition), el("td", {}, String(t.board)));
    for (const s of SEATS) {
      const seat = t.seats[s];
      const cell = el("td", {});
      if (seat.kind === "empty") cell.append(el("button", {class: "sit", "data-seat": s, onclick: () => sit(t.id, s)}, "Sit " + s));
      else cell.append(seat.kind === "robot" ? "robot" : (seat.name || "player") + (seat.connected ? "" : " (away)"));
      row.append(cell);
    }
    const watch = el("td", {}, t.spectators === "none" ? "" : el("a", {href: `/t/${t.id}`}, "watch"));
    // the director's secret link stays in this browser (it is shown once at creation): kept after taking a seat
    const directing = localStorage.getItem(DIRECTOR_KEY + t.id);
    if (directing) watch.append(" ", el("a", {href: directing, class: "director-link"}, "direct"));
    row.append(watch);
    body.append(row);
  }
}

document.getElementById("new-table").addEventListener("submit", async (event) => {
  event.preventDefault();
  const form = new FormData(event.target);
  const spec = {
    name: form.get("name"), edition: form.get("edition"), director: form.get("director") === "on",
    spectators: form.get("spectators"), robots: form.getAll("robots"), scoring: form.get("scoring"),
  };
  try {
    const text = (form.get("system") || "").trim();  // the pairs' cards and the alert policy (L40): the server checks them
    const system = text ? JSON.parse(text) : {};
    if (form.get("self_alert") === "on") system.alert_policy = Object.assign({}, system.alert_policy, {self_alert: true});
    if (Object.keys(system).length) spec.system = system;
  } catch (err) { alert(`System cards: not JSON (${err.message})`); return; }
  try {
    const table = await api("POST", "/api/tables", spec);
    const box = document.getElementById("created");
    box.hidden = false;
    box.replaceChildren(el("p", {}, `Table “${spec.name}” is open: take a seat above.`));
    if (table.director_url) {
      localStorage.setItem(DIRECTOR_KEY + table.id, table.director_url);
      box.append(el("p", {}, "The director's link (keep it secret): ",
        el("a", {href: table.director_url, id: "director-link"}, window.location.origin + table.director_url)));
    }
    refresh();
  } catch (err) { alert(err.message); }
});

refresh();
setInterval(refresh, 3000);
