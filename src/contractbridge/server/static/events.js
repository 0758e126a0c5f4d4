// A new event: the form's values (and a PBN file's text) to POST /api/events, then the director's page.
"use strict";
document.getElementById("new-event").addEventListener("submit", async (event) => {
  event.preventDefault();
  const form = new FormData(event.target);
  const spec = {name: form.get("name"), form: form.get("form"), movement: form.get("movement"),
    tables: Number(form.get("tables")), sections: Number(form.get("sections")), boards_per_round: Number(form.get("boards_per_round")), edition: form.get("edition"), director: form.get("director") === "on",
    factoring: form.get("factoring")};  // the server refuses a factoring for the IMP forms (L78D)
  if (form.get("pairs")) spec.pairs = Number(form.get("pairs"));
  if (form.get("teams")) spec.teams = Number(form.get("teams"));
  if (form.get("weighted_decimals")) spec.weighted_decimals = Number(form.get("weighted_decimals"));  // L12C1(c)
  const above = (form.get("alert_above") || "").trim();  // the event's alert policy: the server checks it (L40B2(a)(iii))
  if (above || form.get("self_alert") === "on") spec.alert_policy = Object.assign(above ? {above} : {}, {self_alert: form.get("self_alert") === "on"});
  const file = form.get("pbn");
  if (file && file.size) spec.pbn = await file.text();
  const response = await fetch("/api/events", {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(spec)});
  const data = await response.json();
  if (!response.ok) { alert(data.message || JSON.stringify(data.detail)); return; }
  window.location.href = data.director_url;
});
