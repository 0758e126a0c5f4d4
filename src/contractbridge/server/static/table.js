// The table page: one WebSocket, one frame per change; the page shows only what the frame holds.
"use strict";
const SEATS = ["N", "E", "S", "W"];
const NAMES = {N: "North", E: "East", S: "South", W: "West"};
const SUITS = ["S", "H", "D", "C"];
const SYMBOL = {S: "♠", H: "♥", D: "♦", C: "♣", N: "NT"};
const STRAINS = ["C", "D", "H", "S", "N"];
const tableId = document.querySelector("main").dataset.table;
const token = new URLSearchParams(window.location.search).get("token");
let socket = null;
let frame = null;
let typed = "";
let chosen = null;  // the call clicked in the auction grid: {board, call} (its 1-based number)
let early = null;  // the board whose bidding box the player opened to call out of turn (a director's table)

const $ = (id) => document.getElementById(id);
const send = (message) => socket && socket.readyState === WebSocket.OPEN && socket.send(JSON.stringify(message));
const suitClass = (s) => (s === "H" || s === "D" ? "red" : "black");

function callText(call) {  // "1N" → "1NT" with a symbol: 1♠, 3NT, Pass, X, XX
  if (call === "P") return "Pass";
  if (call === "X" || call === "XX") return call;
  const strain = call.slice(1);
  return call[0] + (strain === "NT" || strain === "N" ? "NT" : SYMBOL[strain]);
}
function callNode(call) {
  const strain = call.length > 1 && /[1-7]/.test(call[0]) ? call.slice(1) : "";
  return el("span", {class: "call " + (strain === "H" || strain === "D" ? "red" : "")}, callText(call));
}
function actionText(action) {  // a call ("1N", "P") or a card ("SA", "HT") as the page writes it
  return /^[SHDC][2-9TJQKA]$/.test(action) ? SYMBOL[action[0]] + (action[1] === "T" ? "10" : action[1]) : callText(action);
}
function cardNode(card, attrs) {
  return el("span", Object.assign({class: "card " + suitClass(card[0]), "data-card": card}, attrs || {}),
    SYMBOL[card[0]] + (card[1] === "T" ? "10" : card[1]));
}

// ---------------------------------------------------------------------------------------------------------
// the link's token goes in the first message (a hello), never in the WebSocket's URL (URLs get logged)
function connect() {
  const scheme = window.location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${window.location.host}/ws/${tableId}`);
  socket.onopen = () => {
    if (token) socket.send(JSON.stringify({type: "hello", token}));
    $("status").textContent = "connected";
  };
  socket.onclose = (event) => {
    if (event.code >= 4000) { $("status").textContent = "closed by the table"; return; }  // released, refused
    $("status").textContent = "disconnected — reconnecting…"; setTimeout(connect, 1500);
  };
  socket.onmessage = (message) => {
    const data = JSON.parse(message.data);
    if (data.type === "state") {
      if (token && data.you === "spectator") return;  // until the hello is answered with the seat's frame
      frame = data; showError(null); render();
    }
    else if (data.type === "error") showError(`${data.error}: ${data.message}`);
  };
}

function showError(text) {
  const box = $("error");
  box.hidden = !text;
  box.textContent = text || "";
}

// seat at the bottom of the screen: yourself, or South for spectators and the director
function bottomSeat() { return SEATS.includes(frame.you) ? frame.you : "S"; }
function rotated() {
  const b = SEATS.indexOf(bottomSeat());
  return {bottom: SEATS[b], left: SEATS[(b + 1) % 4], top: SEATS[(b + 2) % 4], right: SEATS[(b + 3) % 4]};
}

function playedBy(seat) {
  const v = frame.view;
  let n = 0;
  for (const t of v.tricks) {
    const start = SEATS.indexOf(t.leader);
    t.cards.forEach((_, i) => { if (SEATS[(start + i) % 4] === seat) n += 1; });
  }
  for (const [s] of v.current_trick) if (s === seat) n += 1;
  return n;
}

// the cards of ``seat`` as this connection may see them (null: hidden)
function handOf(seat) {
  const v = frame.view;
  if (frame.deal && (v.phase === "done" || frame.result)) return deal(frame.deal)[seat];  // every hand once the board is over
  if (frame.hands) return frame.hands[seat];
  if (v.seat === seat) return v.hand;
  if (v.dummy === seat && v.dummy_hand) return v.dummy_hand;
  if (v.claim && v.claim.seat === seat && v.claimer_hand) return v.claimer_hand;
  return null;
}
function deal(text) {  // "N:hand hand hand hand" → {N: pbn, …}
  const [first, rest] = text.split(":");
  const hands = rest.trim().split(/\s+/);
  const start = SEATS.indexOf(first);
  const out = {};
  hands.forEach((h, i) => { out[SEATS[(start + i) % 4]] = h; });
  return out;
}

function renderHand(position, seat) {
  const box = $("pos-" + position);
  const v = frame.view;
  const seatInfo = frame.table.seats[seat];
  const who = seatInfo.kind === "robot" ? "robot" : seatInfo.kind === "human" ? (seatInfo.name || "player") : "empty seat";
  const tags = [];
  if (v.dealer === seat) tags.push("dealer");
  if (v.declarer === seat) tags.push("declarer");
  if (v.dummy === seat) tags.push("dummy");
  const period = clarification();  // the face-down opening lead lies on the table, not in its leader's hand (L41A)
  const down = period && period.face_down && period.leader === seat && v.phase === "play" ? period : null;
  if (down) tags.push("led face down");  // he faces it when the questions are over (L41B–C), not to play now
  else if (v.turn === seat) tags.push(v.phase === "auction" ? "to call" : "to play");
  const header = el("div", {class: "seat-name" + (v.turn === seat && !down ? " on-turn" : "")},
    `${NAMES[seat]} — ${who}${seatInfo.kind === "human" && !seatInfo.connected ? " (away)" : ""}`,
    tags.length ? el("span", {class: "tags"}, " · " + tags.join(" · ")) : null);
  const pbn = handOf(seat);
  box.replaceChildren(header);
  box.dataset.seat = seat;
  if (pbn === null) {
    const count = 13 - playedBy(seat) - (down ? 1 : 0);
    const backs = el("div", {class: "backs", title: `${count} cards`});
    for (let i = 0; i < count; i++) backs.append(el("span", {class: "back"}));
    box.append(backs, el("div", {class: "muted"}, `${count} cards`));
    return;
  }
  const legal = new Set(v.legal_cards);
  const mine = v.seat === seat || (v.dummy === seat && v.declarer === v.seat);
  // at a director's table a card the laws forbid (out of turn, a revoke) is played and ruled, as in the auction
  const irregular = frame.table.director && mine && v.phase === "play" && v.turn !== null && !v.claim && !frame.result;
  pbn.split(".").forEach((holding, i) => {
    const suit = SUITS[i];
    const row = el("div", {class: "suit-row"}, el("span", {class: "suit " + suitClass(suit)}, SYMBOL[suit]));
    const ranks = [...holding].filter((rank) => !(down && down.card === suit + rank));
    for (const rank of ranks) {
      const card = suit + rank;
      const playable = mine && legal.has(card);
      const unlawful = !playable && irregular;
      const node = cardNode(card, playable ? {class: "card playable " + suitClass(suit), role: "button", tabindex: "0"}
        : unlawful ? {class: "card unlawful " + suitClass(suit), role: "button", tabindex: "0", title: "not lawful now: the director rules it"} : {});
      if (playable || unlawful) node.addEventListener("click", () => send({type: "play", card}));
      row.append(node);
    }
    if (!ranks.length) row.append(el("span", {class: "muted"}, "—"));
    box.append(row);
  });
}

function renderTrick() {
  const v = frame.view;
  const box = $("trick");
  const pos = rotated();
  const where = {};
  for (const [p, s] of Object.entries(pos)) where[s] = p;
  box.replaceChildren();
  let cards = v.current_trick;
  if (!cards.length && v.tricks.length) {  // show the last trick until the next lead
    const last = v.tricks[v.tricks.length - 1];
    const start = SEATS.indexOf(last.leader);
    cards = last.cards.map((c, i) => [SEATS[(start + i) % 4], c]);
  }
  for (const [seat, card] of cards) box.append(el("div", {class: "played at-" + where[seat]}, cardNode(card)));
  const period = clarification();  // L41A: the opening lead lies face down; its face is shown to the leader only
  if (period && period.face_down) {
    const title = "the opening lead, face down until the clarification period ends (L41A–C)";
    box.append(el("div", {class: "played face-down at-" + where[period.leader], id: "face-down-lead", title},
      period.card ? cardNode(period.card, {class: "card face-down-card " + suitClass(period.card[0])}) : el("span", {class: "back"})));
  }
  const pending = v.pending_irregularity;  // a card faced irregularly, awaiting its ruling (e.g. L54)
  if (pending && pending.card && pending.seat && !cards.some(([, c]) => c === pending.card)) {
    box.append(el("div", {class: "played irregular at-" + where[pending.seat], title: pending.kind.replaceAll("_", " ")}, cardNode(pending.card)));
  }
  box.append(el("div", {class: "won"}, `NS ${v.tricks_won.NS} · EW ${v.tricks_won.EW}`));
}

function renderAuction() {
  const v = frame.view;
  const table = $("auction");
  table.replaceChildren(el("tr", {}, ...["W", "N", "E", "S"].map((s) => el("th", {}, NAMES[s]))));
  const explained = frame.explanations.slice();
  let row = el("tr", {});
  const offset = ["W", "N", "E", "S"].indexOf(v.dealer);
  for (let i = 0; i < offset; i++) row.append(el("td", {}));
  let column = offset;
  const alerted = new Map(((frame.disclosure || {}).alerts || []).map((a) => [a.call, a]));
  v.auction.forEach(([seat, call], i) => {
    const number = i + 1;
    const at = explained.findIndex((e) => e.seat === seat && e.call === call);
    const note = at >= 0 ? explained.splice(at, 1)[0] : null;
    const cell = el("td", {class: (note && note.alert) || alerted.has(number) ? "alerted" : "", "data-number": number}, callNode(call));
    if (note && note.explanation) {
      cell.title = note.explanation;
      cell.addEventListener("click", () => { $("explain").textContent = `${NAMES[seat]} ${callText(call)}: ${note.explanation}`; });
      cell.classList.add("explained");
    }
    const alert = alerted.get(number);
    if (alert && alert.explanation && !cell.title) cell.title = `${NAMES[alert.seat]}: ${alert.explanation}`;
    if (frame.disclosure) {  // a player (or the director): the call is chosen in the questions panel
      cell.classList.add("choosable");
      cell.setAttribute("role", "button");
      cell.tabIndex = 0;
      if (chosenCall() === number) cell.classList.add("chosen");
      const choose = () => {
        chosen = {board: v.board, call: number};
        render();
        const again = document.querySelector(`#auction td[data-number='${number}']`);
        if (again) again.focus();
      };
      cell.addEventListener("click", choose);
      cell.addEventListener("keydown", (event) => { if (event.key === "Enter" && !typed) { event.stopPropagation(); choose(); } });
    }
    row.append(cell);
    column += 1;
    if (column % 4 === 0) { table.append(row); row = el("tr", {}); }
  });
  const pending = v.pending_irregularity;  // a call awaiting its ruling (L27, L28–L32), not yet in the auction: shown
  if (v.phase === "auction" && pending && pending.call && pending.seat) {  // in its caller's column, marked
    while (["W", "N", "E", "S"][column % 4] !== pending.seat) {
      row.append(el("td", {}));
      column += 1;
      if (column % 4 === 0) { table.append(row); row = el("tr", {}); }
    }
    row.append(el("td", {class: "irregular-call", id: "pending-call", title: `${words(pending.kind)}: the director rules it`}, callNode(pending.call)));
  } else if (v.phase === "auction" && v.turn) row.append(el("td", {class: "next"}, "?"));
  table.append(row);
}

// ---------------------------------------------------------------------------------------------------------
// questions, answers and alerts (L20F, L40B2(a)(iii)): the page offers what the frame's disclosure.may lists, which
// the laws' code computed for this seat; it never decides who may ask, answer or alert
function chosenCall() {
  const v = frame.view;
  return chosen && chosen.board === v.board && chosen.call <= v.auction.length ? chosen.call : null;
}
function callName(number) {  // "North's 1NT (call 1)"
  const entry = frame.view.auction[number - 1];
  return entry ? `${NAMES[entry[0]]}'s ${callText(entry[1])} (call ${number})` : `call ${number}`;
}
function subject(q) {  // a question about one call, or about the asker's opponents' whole auction
  return q.call ? callName(q.call) : `${"NS".includes(q.seat) ? "East-West" : "North-South"}'s auction`;
}
function uiNote(entry) {  // the record says for whom it is unauthorized information (L16B1, L73C, L75A)
  return SEATS.includes(frame.you) && (entry.UI || []).includes(frame.you) ? " — unauthorized information for you (L16B1)" : "";
}
function kept(id) {  // what the player has typed in a box, kept while frames arrive
  const box = $(id);
  return box ? box.value : "";
}

function renderDisclosure() {
  const box = $("disclosure-panel");
  const d = frame.disclosure;
  box.hidden = !d;
  const shown = JSON.stringify([d, chosenCall(), frame.view.auction]);
  if (!d || box.dataset.shown === shown) return;  // unchanged: what the player is typing stays as it is
  box.dataset.shown = shown;
  const may = d.may || {ask: [], ask_auction: false, answer: [], alert: [], tempo: []};  // the director asks nothing
  const typedAnswers = {};
  for (const q of may.answer) typedAnswers[q] = kept(`answer-text-${q}`);
  const typedAlert = kept("alert-text");
  const focused = document.activeElement && document.activeElement.id;
  box.replaceChildren(el("h2", {}, "Questions and alerts"));
  for (const number of may.answer) {  // L20F1: the partner of the player who made the call answers, at once
    const q = d.questions.find((x) => x.number === number);
    const text = el("input", {id: `answer-text-${number}`, class: "answer-text", maxlength: "200", placeholder: "your explanation (L20F1)", value: typedAnswers[number]});
    const answer = () => { if (text.value.trim()) send({type: "answer", question: number, text: text.value.trim()}); };
    text.addEventListener("keydown", (event) => { if (event.key === "Enter") answer(); });
    box.append(el("div", {class: "to-answer", "data-question": number},
      el("p", {}, `${NAMES[q.seat]} asks about ${subject(q)}: you answer (Law ${q.law})`), text,
      el("button", {class: "answer", "data-question": number, onclick: answer}, "Answer")));
  }
  const number = chosenCall();
  if (number !== null) {
    const part = el("div", {id: "chosen-call"}, el("p", {}, el("b", {}, callName(number))));
    const explained = [];
    for (const a of d.alerts.filter((x) => x.call === number)) explained.push(`alerted by ${NAMES[a.seat]}${a.late ? " (late)" : ""}${a.explanation ? ": " + a.explanation : ""}`);
    const asked = new Set(d.questions.filter((q) => q.call === number).map((q) => q.number));  // the whole auction's: in the log
    for (const a of d.answers.filter((x) => asked.has(x.question))) explained.push(`${NAMES[a.seat]} explained: ${a.text}`);
    for (const e of explained) part.append(el("p", {class: "muted"}, e));
    if (may.ask.includes(number)) {
      part.append(el("button", {id: "ask-call", onclick: () => send({type: "question", call: number})}, asked.size ? "Ask again (L20F1)" : "Ask what it means (L20F1)"));
    }
    const alert = may.alert.find((a) => a.call === number);
    if (alert) {
      const text = el("input", {id: "alert-text", maxlength: "200", placeholder: "explanation (optional)", value: typedAlert});
      part.append(el("div", {class: "alert-form"}, text,
        el("button", {id: "alert-call", onclick: () => send(Object.assign({type: "alert", call: number}, text.value.trim() ? {explanation: text.value.trim()} : {}))},
          "Alert"),
        alert.due ? el("span", {class: "due"}, " your card: alertable (L40B2(a)(iii))") : null,
        alert.late ? el("span", {class: "muted"}, " late: after the next call (L21B1(a))") : null));
    }
    if (!may.ask.includes(number) && !alert && SEATS.includes(frame.you)) part.append(el("p", {class: "muted"}, "Nothing to ask or alert about this call now."));
    if (frame.you === "director") part.append(misexplanationForm(number));
    box.append(part);
  } else if (may.ask.length || may.alert.length) {
    box.append(el("p", {class: "muted", id: "choose-hint"}, "Click a call in the auction to ask about it or alert it."));
  }
  if (may.ask_auction) box.append(el("button", {id: "ask-auction", onclick: () => send({type: "question"})}, "Ask about the opponents' auction (L20F1)"));
  if ((may.tempo || []).length) {  // L16B2: an opponent notes a break in tempo and may call the director later
    box.append(el("div", {id: "tempo", class: "tempo"}, "Break in tempo by ",
      ...may.tempo.map((s) => el("button", {class: "tempo", "data-seat": s, title: "over his last call or card (L16B1, L16B2)",
        onclick: () => send({type: "hesitation", seat: s})}, NAMES[s]))));
  }
  const log = el("ul", {id: "disclosure-log", class: "disclosure-log"});
  for (const a of d.alerts) log.append(el("li", {class: "alert-entry"}, `${NAMES[a.seat]} alerted ${callName(a.call)}${a.late ? " late" : ""}${a.explanation ? ": " + a.explanation : ""}${uiNote(a)}`));
  for (const q of d.questions) {
    const item = el("li", {class: "question", "data-question": q.number}, `${NAMES[q.seat]} asked about ${subject(q)} (Law ${q.law})${uiNote(q)}`);
    for (const a of d.answers.filter((x) => x.question === q.number)) item.append(el("div", {class: "answer-text-shown"}, `${NAMES[a.seat]}: “${a.text}”${uiNote(a)}`));
    if (q.awaiting.length) item.append(el("div", {class: "muted"}, `waiting for ${q.awaiting.map((s) => NAMES[s]).join(" and ")}`));
    log.append(item);
  }
  for (const h of d.hesitations) log.append(el("li", {class: "tempo-entry"}, `${NAMES[h.seat]}: ${words(h.kind)}${h.action ? " over " + actionText(h.action) : ""}${h.noted_by ? ", noted by " + NAMES[h.noted_by] : ""}${uiNote(h)}`));
  for (const n of d.not_alerted || []) log.append(el("li", {class: "muted"}, `not alerted, alertable by the card: ${callName(n.call)}`));
  if (log.childElementCount) box.append(log);
  else if (!box.querySelector("button")) box.append(el("p", {class: "muted"}, "No questions or alerts yet."));
  const again = focused && $(focused);
  if (again && again.tagName === "INPUT") { again.focus(); again.setSelectionRange(again.value.length, again.value.length); }
}

// the director records who called him about call ``number``'s explanation, a failure to alert it or an alert where
// none was due (L20F4, L20F5, L75); the table says whether that player may call him now and rules
function misexplanationForm(number) {
  const seat = el("select", {id: "mi-seat"}, ...SEATS.map((s) => el("option", {value: s}, NAMES[s])));
  const kind = el("select", {id: "mi-kind"}, el("option", {value: "explanation"}, "its explanation"),
    el("option", {value: "no_alert"}, "a failure to alert it"), el("option", {value: "alert"}, "an alert where none was due"));
  return el("div", {class: "mi-form"}, "Called by ", seat, " about ", kind, " ",
    el("button", {id: "record-mi", onclick: () => send({type: "misexplanation", seat: seat.value, call: number, kind: kind.value})},
      "Record (L20F, L75)"));
}

// the clarification period (L41B): after the final pass the opening leader leads face down; the presumed declarer and
// the leader's partner may ask (the questions panel) or say they have none; then the lead is faced (L41C)
function clarification() {
  return frame.disclosure ? frame.disclosure.clarification : frame.clarification || null;
}
function renderClarification() {
  const box = $("lead-panel");
  const period = clarification();
  box.hidden = !period;
  if (!period) return;
  const leader = NAMES[period.leader];
  const director = frame.you === "director";  // he sees the card too, never its leader (L41A)
  const down = period.card ? `${director ? leader : "You"} led ${actionText(period.card)} face down` : `${leader} has led face down`;
  const lead = period.face_down ? down
    : frame.you === period.leader ? "Your opening lead: it is made face down (L41A)" : `${leader} to lead, face down (L41A)`;
  box.replaceChildren(el("h2", {}, "Opening lead"), el("p", {id: "lead-text"}, lead));
  const waiting = period.waiting.map((s) => NAMES[s]);
  if (waiting.length) box.append(el("p", {class: "muted"}, `Before it is faced ${waiting.join(" and ")} may ask about the auction (L41B).`));
  if (period.open) box.append(el("p", {class: "muted"}, "A question waits for its answer."));
  if (period.waiting.includes(frame.you)) {
    box.append(el("button", {id: "no-questions", onclick: () => send({type: "no_questions"})},
      period.face_down ? "No questions: face the lead (L41B–C)" : "No questions (L41B)"));
  }
  if (director && period.face_down) {  // the leader asks after a misexplanation corrected since his lead; he judges
    box.append(el("button", {id: "withdraw-lead", onclick: () => send({type: "retract", seat: period.leader, reason: "misexplanation"})},
      `${leader} asks to withdraw it after a corrected misexplanation (L47E2(a))`));
  }
}

// at a director's table a player may call when it is not his turn: he opens the bidding box out of turn (asked to
// confirm), and the table records the call out of rotation and the ruling its edition gives (L28–L32); while that
// ruling waits, the players its before_rectification names may call (the player whose turn it was, L28B; the
// offender's LHO, accepting it, L29A), nobody else
function beforeRectification() {
  const ruling = frame.ruling && frame.ruling.ruling;
  return ruling ? (ruling.before_rectification || []).find((b) => b.seat === frame.you) || null : null;
}
function biddingMode() {  // "turn", "before" (a call the pending ruling allows), "early" (out of turn), or null
  const v = frame.view;
  if (v.phase !== "auction" || frame.result) return null;
  if (v.legal_calls.length > 0) return "turn";
  if (!frame.table.director || !SEATS.includes(frame.you)) return null;
  if (frame.ruling && frame.ruling.ruling) return beforeRectification() ? "before" : null;
  return v.turn && v.turn !== frame.you ? "early" : null;
}
function renderBiddingBox() {
  const v = frame.view;
  const box = $("bidding-box");
  const mode = biddingMode();
  if (mode !== "early" || (early !== null && early !== v.board)) early = null;  // until he calls or it is his turn
  const open = mode === "early" ? early !== null : mode !== null;
  const offer = $("out-of-turn");
  offer.hidden = mode !== "early" || open;
  if (!offer.hidden) {
    offer.replaceChildren(el("button", {id: "call-out-of-turn", onclick: () => {
      if (!confirm("Call out of turn? The director will be called.")) return;
      early = v.board;
      render();
    }}, `${NAMES[v.turn]} to call: call out of turn…`));
  }
  box.hidden = !open;
  box.dataset.mode = open ? mode : "";
  if (!open) return;
  const before = beforeRectification();
  $("bidding-title").replaceChildren(mode === "turn" ? "Your call"
    : mode === "before" ? `You may call now: ${before.effect} (Law ${before.law})`
    : `Out of turn (${NAMES[v.turn]} to call): the director rules your call`);
  if (mode === "early") {
    $("bidding-title").append(" ", el("button", {id: "close-out-of-turn", onclick: () => { early = null; render(); }}, "Cancel"));
  }
  const legal = new Set(v.legal_calls);
  const irregular = frame.table.director;  // at a director's table a call the laws forbid is made and ruled
  const button = (call) => {
    const lawful = mode !== "turn" || legal.has(call);
    return el("button", {class: "bid" + (lawful ? "" : " unlawful"), "data-call": call, disabled: !lawful && !irregular,
      onclick: () => makeCall(call)}, callNode(call));
  };
  const bids = $("bids");
  bids.replaceChildren();
  for (let level = 1; level <= 7; level++) {
    bids.append(el("div", {class: "bid-row"}, ...STRAINS.map((s) => button(level + (s === "N" ? "NT" : s)))));
  }
  $("calls").replaceChildren(button("P"), button("X"), button("XX"));
}
function makeCall(call) {
  const message = {type: "call", call};
  if ($("alert").checked) message.alert = true;
  const text = $("explanation").value.trim();
  if (text) message.explanation = text;
  $("alert").checked = false;
  $("explanation").value = "";
  early = null;
  send(message);
}

function renderContract() {
  const v = frame.view;
  const parts = [`Board ${v.board}`, `dealer ${NAMES[v.dealer]}`, `vulnerable: ${({None: "none", NS: "N-S", EW: "E-W", All: "both"})[v.vulnerability] || v.vulnerability}`, v.edition];
  $("board-info").textContent = parts.join(" · ");
  const you = SEATS.includes(frame.you) ? `You are ${NAMES[frame.you]}` : frame.you === "director" ? "You are the director" : "You are watching";
  const box = $("contract-panel");
  const behind = frame.delayed ? ` (one board behind: board ${frame.delayed.board} replayed while board ${frame.delayed.playing} is played)` : "";
  box.replaceChildren(el("div", {class: "you"}, you + behind));
  if (v.contract) box.append(el("div", {class: "contract"}, "Contract ", callNode(v.contract.replace(/X+$/, "")),
    v.contract.match(/X+$/) ? v.contract.match(/X+$/)[0] : "", ` by ${NAMES[v.declarer]}`));
  else if (v.phase === "auction") box.append(el("div", {}, v.turn ? `${NAMES[v.turn]} to call` : "auction stopped"));
}

function renderClaim() {
  const v = frame.view;
  const box = $("claim-panel");
  const me = v.seat;
  if (v.claim) {
    const c = v.claim;
    box.dataset.mode = "claim";
    box.replaceChildren();
    box.append(el("h2", {}, "Claim"), el("p", {id: "claim-text"},
      `${NAMES[c.seat]} claims ${c.tricks} of the ${c.remaining} remaining tricks${c.statement ? ": “" + c.statement + "”" : ""} — ${c.status}` +
      (c.status === "disputed" ? " (the director is called, L68D2, L70)" : "")));
    const needsMe = c.status === "pending" && me && c.seat !== me && !c.agreed_by.includes(me) &&
      me !== v.dummy && SEATS.indexOf(me) % 2 !== SEATS.indexOf(c.seat) % 2;
    if (needsMe) box.append(el("button", {id: "agree", onclick: () => send({type: "agree"})}, "Agree (L69A)"),
      el("button", {id: "dispute", onclick: () => send({type: "dispute"})}, "Dispute (L68D2)"));
    box.hidden = false;
    return;
  }
  const period = clarification();  // no claim while the opening lead lies face down: the play has not begun (L41C, L68)
  const canClaim = v.phase === "play" && me && me !== v.dummy && frame.table.seats[me] && !(period && period.face_down);
  box.hidden = !canClaim;
  if (!canClaim) {
    box.dataset.mode = "";
    box.replaceChildren();
    return;
  }
  const remainingTricks = 13 - v.tricks.length;
  if (box.dataset.mode === "form" && $("claim-statement")) {
    // the form stays as it is while frames arrive: what the player types (and where) is never lost
    const count = $("claim-tricks");
    count.max = String(remainingTricks);
    if (!count.dataset.touched || Number(count.value) > remainingTricks) count.value = String(remainingTricks);
    return;
  }
  box.dataset.mode = "form";
  box.replaceChildren();
  const count = el("input", {type: "number", min: "0", max: String(remainingTricks), value: String(remainingTricks), id: "claim-tricks"});
  count.addEventListener("input", () => { count.dataset.touched = "1"; });
  const statement = el("input", {id: "claim-statement", placeholder: "line of play (L68C)", maxlength: "200"});
  box.append(el("h2", {}, "Claim or concede"), count, statement,
    el("button", {id: "claim", onclick: () => send({type: "claim", tricks: Number(count.value), statement: statement.value})}, "Claim"));
}

function renderUndo() {
  const box = $("undo-panel");
  const me = frame.view.seat;
  box.replaceChildren();
  const request = frame.table.undo;
  if (!me || frame.view.phase === "done" || frame.result) { box.hidden = !request; if (!request) return; }
  box.hidden = false;
  if (request) {
    box.append(el("p", {}, `${NAMES[request.seat]} asks to take back the last action.`));
    if (me && SEATS.indexOf(me) % 2 !== SEATS.indexOf(request.seat) % 2) {
      box.append(el("button", {id: "undo-accept", onclick: () => send({type: "undo_accept"})}, "Accept"),
        el("button", {id: "undo-reject", onclick: () => send({type: "undo_reject"})}, "Refuse"));
    }
    return;
  }
  box.append(el("button", {id: "undo", onclick: () => send({type: "undo"})}, "Ask to undo my last action"));
}

function renderRuling() {
  const box = $("ruling-panel");
  const state = frame.ruling;
  const ruling = state && state.ruling;
  box.replaceChildren();
  const notes = [];
  if (state) {
    for (const [s, d] of Object.entries(state.obligations || {})) notes.push(`${NAMES[s]} must pass ${d === "pass_next" ? "at his next turn" : "for the rest of the auction"} (Law ${(state.obligation_laws || {})[s] || ""})`);
    for (const [s, r] of Object.entries(state.requirements || {})) if (r.call) notes.push(`${NAMES[s]} must repeat ${callText(r.call)} (Law ${r.law})`);
    for (const r of state.lead_restrictions || []) notes.push(`Lead restriction for ${NAMES[r.leader] || r.leader} (${r.law})`);
    for (const pc of state.penalty_cards || []) notes.push(`Penalty card of ${NAMES[pc.seat]}: ${pc.card} (${pc.major ? "major" : "minor"}, ${pc.law})`);
  }
  box.hidden = !ruling && !notes.length;
  if (box.hidden) return;
  if (ruling) {
    box.append(el("h2", {}, "Director"), el("p", {class: "ruling-text", id: "ruling-text"},
      `${ruling.description} (Law ${ruling.law})`));
    const chooser = ruling.chooser;
    const mine = chooser === "director" ? frame.you === "director" : frame.you === chooser;
    if (ruling.question) {
      box.append(el("p", {}, `The director judges: ${ruling.question.text} (${ruling.question.law})`));
      if (frame.you === "director") {
        box.append(el("button", {class: "judge", onclick: () => send({type: "judge", question: ruling.question.id, answer: true})}, "Yes"),
          el("button", {class: "judge", onclick: () => send({type: "judge", question: ruling.question.id, answer: false})}, "No"));
      }
    }
    box.append(el("p", {}, chooser === "director" ? "The director rules:" : mine ? "You choose:" : `${NAMES[chooser]} chooses:`));
    const list = el("ul", {class: "options"});
    for (const o of ruling.options) {
      const item = el("li", {}, el("b", {}, o.id), ` — ${o.effect} (Law ${o.law})`);
      if (mine && !ruling.question) item.prepend(el("button", {class: "choose", "data-option": o.id, onclick: () => send({type: "choose", option: o.id})}, "Choose"), " ");
      list.append(item);
    }
    box.append(list);
    for (const b of ruling.before_rectification || []) {  // a call before the rectification settles it (L28B, L29A)
      box.append(el("p", {class: "before-rectification", "data-seat": b.seat},
        `${b.seat === frame.you ? "You" : NAMES[b.seat]} may call now instead: ${b.effect} (Law ${b.law})`));
    }
  }
  for (const n of notes) box.append(el("p", {class: "obligation"}, n));
}

function renderResult() {
  const box = $("result-panel");
  const r = frame.result;
  box.hidden = !r;
  if (!r) return;
  const ruled = r.ruling ? ` (the director awarded ${NAMES[r.ruling.claimer]}'s side ${r.ruling.tricks} of the last ${r.ruling.remaining} tricks, Law ${r.ruling.law})` : "";
  box.replaceChildren(el("h2", {}, "Result"), el("p", {id: "result-text"}, r.passed_out ? "Passed out" : r.text + (ruled || (r.claimed ? " (claimed)" : ""))),
    el("p", {}, `Score N-S ${r.score_ns > 0 ? "+" : ""}${r.score_ns}`));
  for (const a of r.adjustments || []) box.append(el("p", {class: "adjustment"}, a));  // e.g. L64A revoke transfers
  if (SEATS.includes(frame.you)) box.append(el("button", {id: "next", onclick: () => send({type: "next", board: frame.view.board})}, "Next board"));
}

function renderSeats() {
  const box = $("seats-panel");
  box.replaceChildren(el("h2", {}, "Seats"));
  const empty = SEATS.filter((s) => frame.table.seats[s].kind === "empty");
  for (const s of SEATS) {
    const seat = frame.table.seats[s];
    box.append(el("div", {}, `${NAMES[s]}: ${seat.kind === "human" ? (seat.name || "player") + (seat.connected ? "" : " (away)") : seat.kind}`));
  }
  box.append(el("div", {class: "muted"}, `${frame.table.watching} watching`));
  if (empty.length && frame.you !== "spectator") {
    box.append(el("button", {id: "fill-robots", onclick: () => empty.forEach((s) => send({type: "robot", seat: s}))}, "Robots take the empty seats"));
  }
  if (SEATS.includes(frame.you)) {  // give up the seat: the link stops working, anybody may take it
    box.append(el("button", {id: "release", onclick: () => { if (confirm("Leave your seat? Your link will stop working.")) send({type: "release"}); }}, "Leave the seat"));
  }
}

function renderScores() {
  const box = $("scores-panel");
  box.replaceChildren(el("h2", {}, "Scores"));
  for (const r of frame.rubbers || []) {  // rubber scoring (NBB30, EST30): We = North-South
    box.append(el("p", {class: "rubber"}, `Rubber ${r.rubber}: N-S ${r.total.NS}, E-W ${r.total.EW}; games ${r.games.NS}–${r.games.EW}` +
      (r.finished ? (r.winner ? ` — won by ${r.winner === "NS" ? "N-S" : "E-W"} by ${r.margin}` : " — level") : `; below the line ${r.below.NS}–${r.below.EW}`)));
  }
  if (!frame.scores.length) { box.append(el("p", {class: "muted"}, "no board finished yet")); return; }
  const table = el("table", {class: "scores"}, el("tr", {}, el("th", {}, "Board"), el("th", {}, "Contract"), el("th", {}, "Tricks"), el("th", {}, "N-S")));
  let total = 0;
  for (const s of frame.scores) {
    total += s.score_ns;
    table.append(el("tr", {}, el("td", {}, String(s.board)), el("td", {}, s.contract ? `${s.contract} ${s.declarer}` : "passed out"),
      el("td", {}, s.tricks === null ? "" : String(s.tricks)), el("td", {}, String(s.score_ns))));
  }
  table.append(el("tr", {class: "total"}, el("td", {}, "Total"), el("td", {}), el("td", {}), el("td", {}, String(total))));
  box.append(table);
}

// "lead_out_of_turn" → "lead out of turn"
function words(id) {
  return String(id).replaceAll("_", " ");
}

// an irregularity as a director reads it: "Lead out of turn by South at trick 1 (♠Q): the message"
function irregularityText(i) {
  const what = words(i.kind);
  const action = i.card || i.call;
  const by = i.seat ? ` by ${NAMES[i.seat]}` : "";
  return `${what.charAt(0).toUpperCase()}${what.slice(1)}${by}${i.trick ? " at trick " + i.trick : ""}${action ? " (" + action + ")" : ""}: ${i.message}`;
}

function renderDirector() {
  const box = $("director-panel");
  box.hidden = frame.you !== "director";
  if (box.hidden) return;
  box.replaceChildren(el("h2", {}, "Director's view"));
  const record = frame.director;
  if (record && record.record) box.append(el("p", {}, "Record: " + record.record.map((e) => `${e.seat} ${e.call}${e.status !== "standing" ? " (" + e.status + ")" : ""}`).join(", ")));
  for (const i of frame.irregularities || []) box.append(el("p", {class: "irregularity"}, irregularityText(i)));
  for (const c of frame.choices || []) box.append(el("p", {class: "choice"}, `${NAMES[c.seat] || "The director"} chose: ${words(c.option)}`));
  if (record && record.review && record.review.length) box.append(el("p", {}, "Review after play: " + record.review.join(", ")));
  if (frame.table.director_call) box.append(el("button", {id: "attend", onclick: () => send({type: "attend"})}, "Attend the call"));
  renderClaimRuling(box);
}

// a disputed claim (L68D2(a)): the statement, the L70 check's proposed ruling, and the director's award
function renderClaimRuling(box) {
  const c = frame.view.claim;
  if (!c || c.status !== "disputed" || frame.result) return;
  const panel = el("div", {id: "claim-ruling"}, el("h2", {}, "Disputed claim (Law 70)"),
    el("p", {}, `${NAMES[c.seat]} claimed ${c.tricks} of the ${c.remaining} remaining tricks; statement: ${c.statement ? "“" + c.statement + "”" : "none"}. Disputed by ${NAMES[c.disputed_by]}.`));
  const found = frame.claim_ruling;
  if (!found) panel.append(el("p", {class: "muted", id: "claim-checking"}, "Checking every normal line of play (L70A)…"));
  else {
    if (found.text) panel.append(el("p", {id: "claim-check"}, found.text + (found.dd === null || found.dd === undefined ? "" : `; double dummy: ${found.dd}`)));
    for (const n of found.notes || []) panel.append(el("p", {class: "muted"}, n));
    const ruling = found.ruling;
    if (ruling) {
      if (ruling.question) panel.append(el("p", {}, `${ruling.question.text} (${ruling.question.law})`));
      const list = el("ul", {class: "options"});
      for (const o of ruling.options) {
        const award = (o.effects || []).map((e) => e.data).find((d) => /^[0-9]+$/.test(d || ""));
        const item = el("li", {}, el("b", {}, o.id), ` — ${o.effect} (Law ${o.law})`);
        if (award !== undefined) item.prepend(el("button", {class: "rule-claim", "data-tricks": award, onclick: () => send({type: "rule", tricks: Number(award)})}, `Award ${award}`), " ");
        list.append(item);
      }
      panel.append(list);
    }
  }
  const count = el("input", {type: "number", min: "0", max: String(c.remaining), value: String(c.tricks), id: "award-tricks"});
  panel.append(el("label", {}, "Tricks to the claimer's side: ", count),
    el("button", {id: "award", onclick: () => send({type: "rule", tricks: Number(count.value)})}, "Rule (L70)"));
  box.append(panel);
}

// a player calls the director (L9B1) at a director's table; everybody sees the call until the director attends
function renderCall() {
  const box = $("call-panel");
  const call = frame.table.director_call;
  const player = SEATS.includes(frame.you);
  box.hidden = !frame.table.director || (!call && !player);
  if (box.hidden) return;
  box.replaceChildren();
  if (call) box.append(el("p", {id: "call-text"}, `${NAMES[call.seat]} called the director${call.reason ? ": " + call.reason : ""} (Law ${call.law})`));
  if (player && !call) {
    const reason = el("select", {id: "director-reason"}, ...["lead out of turn", "revoke", "exposed card", "claim", "call out of turn", "insufficient bid", "other"].map((r) => el("option", {value: r}, r)));
    box.append(reason, " ", el("button", {id: "call-director", onclick: () => send({type: "director", reason: reason.value})}, "Call the director"));
  }
}

function render() {
  const pos = rotated();
  for (const [p, s] of Object.entries(pos)) renderHand(p, s);
  renderTrick();
  renderContract();
  renderAuction();
  renderBiddingBox();
  renderClarification();
  renderDisclosure();
  renderRuling();
  renderCall();
  renderClaim();
  renderUndo();
  renderResult();
  renderSeats();
  renderScores();
  renderDirector();
}

// keyboard: a card ("sa", "h10"/"ht") or a call ("1n", "3s", "p", "x", "xx") then Enter; two keys play a card
document.addEventListener("keydown", (event) => {
  if (!frame || event.target.tagName === "INPUT") return;
  const v = frame.view;
  if (event.key === "Escape") { typed = ""; }
  else if (event.key === "Enter") {
    const text = typed.toUpperCase().replace(/^([1-7])N$/, "$1NT").replace(/^P$/, "P");
    if (v.legal_calls.includes(text)) makeCall(text);
    else if (v.legal_cards.includes(text)) send({type: "play", card: text});
    typed = "";
  } else if (/^[0-9a-zA-Z]$/.test(event.key)) {
    typed = (typed + event.key).slice(-3);
    const card = typed.toUpperCase().replace("10", "T");
    if (v.legal_cards.includes(card)) { send({type: "play", card}); typed = ""; }
  }
  $("typed").textContent = typed ? `typed: ${typed}` : "";
});

connect();
