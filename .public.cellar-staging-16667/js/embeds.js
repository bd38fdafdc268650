// Loads a YouTube video only when the visitor asks to play it: until then the page makes no
// request to YouTube (the link works without this script too, and opens the video there).
document.addEventListener("click", (event) => {
  const link = event.target.closest("a[data-youtube]");
  if (!link || event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
  event.preventDefault();
  const frame = document.createElement("iframe");
  const start = link.dataset.start ? "&start=" + encodeURIComponent(link.dataset.start) : "";
  frame.src = "https://www.youtube-nocookie.com/embed/" + encodeURIComponent(link.dataset.youtube) + "?autoplay=1" + start;
  frame.title = link.dataset.title || "YouTube";
  frame.allow = "autoplay; encrypted-media; picture-in-picture; fullscreen";
  frame.allowFullscreen = true;
  frame.className = "embed-youtube-frame";
  link.replaceWith(frame);
  frame.focus();
});
