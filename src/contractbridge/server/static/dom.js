// What every page's script shares: building elements, and calling the JSON API (a page's secret link is sent as
// "Authorization: Bearer …", never in another URL). Loaded before the page's own script.
"use strict";

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (v !== false && v !== null && v !== undefined) node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children) if (c !== null && c !== undefined) node.append(c);
  return node;
}

async function api(method, url, body, token) {
  const headers = {"Content-Type": "application/json"};
  if (token) headers.Authorization = "Bearer " + token;
  const response = await fetch(url, {method, headers, body: body ? JSON.stringify(body) : undefined});
  const data = await response.json();
  if (!response.ok) {
    const detail = typeof data.detail === "string" ? data.detail : data.detail && JSON.stringify(data.detail);
    throw new Error(data.message || detail || response.statusText);
  }
  return data;
}
