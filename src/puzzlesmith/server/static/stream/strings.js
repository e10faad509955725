// Stream-mode words (zh first, en second), merged into the shell's t().
import { addStrings } from "../shell/i18n.js";

export const strings = {
  zh: {
    "st.stream": "直播这一关", "st.room": "房间 {code}", "st.viewers": "{n} 位观众",
    "st.join": "加入房间", "st.code": "房间码", "st.go": "进入",
    "st.noRound": "等待主播开启投票", "st.round": "第 {n} 轮投票 · 剩 {s} 秒", "st.paused": "投票暂停",
    "st.tapVote": "点亮起的格子投票（可改票）", "st.voted": "已投：{cell}", "st.votes": "{n} 票",
    "st.hintMode": "给主播提示", "st.pickCell": "点一个格子，再选一句话", "st.hintSent": "提示已发送",
    "st.cancel": "取消", "st.last": "上一轮：{cell} 胜（{n} 票）", "st.lastNone": "上一轮：没有人投票",
    "st.skipped": "上一轮：已跳过", "st.cleared": "通关！", "st.connecting": "连接中…",
    "st.vote": "开始投票", "st.auto": "连续投票", "st.pause": "暂停", "st.resume": "继续",
    "st.skip": "跳过", "st.close": "立即结算", "st.stop": "停止投票", "st.undo": "撤销",
    "st.seconds": "每轮秒数", "st.twitch": "Twitch 频道", "st.connect": "连接", "st.disconnect": "断开",
    "st.bridgeOn": "Twitch #{ch} 已连接", "st.bridgeOff": "Twitch #{ch} 未连接 {err}",
    "st.viewerLink": "观众链接", "st.overlayLink": "OBS 浮层", "st.hints": "观众提示", "st.kick": "移出",
    "st.noKey": "这个浏览器没有这个房间的主播密钥", "st.tapMove": "点亮起的格子走一步",
    "st.chat": "聊天里：!vote 格子 · !hint 格子",
  },
  en: {
    "st.stream": "Stream this level", "st.room": "Room {code}", "st.viewers": "{n} viewers",
    "st.join": "Join a room", "st.code": "Room code", "st.go": "Join",
    "st.noRound": "Waiting for the streamer to open a vote", "st.round": "Vote {n} · {s} s left", "st.paused": "Voting paused",
    "st.tapVote": "Tap a lit cell to vote (you can change it)", "st.voted": "Your vote: {cell}", "st.votes": "{n} votes",
    "st.hintMode": "Hint the streamer", "st.pickCell": "Tap a cell, then pick a message", "st.hintSent": "Hint sent",
    "st.cancel": "Cancel", "st.last": "Last round: {cell} won ({n} votes)", "st.lastNone": "Last round: no votes",
    "st.skipped": "Last round: skipped", "st.cleared": "Solved!", "st.connecting": "Connecting…",
    "st.vote": "Open vote", "st.auto": "Keep voting", "st.pause": "Pause", "st.resume": "Resume",
    "st.skip": "Skip", "st.close": "Decide now", "st.stop": "Stop voting", "st.undo": "Undo",
    "st.seconds": "Seconds per round", "st.twitch": "Twitch channel", "st.connect": "Connect", "st.disconnect": "Disconnect",
    "st.bridgeOn": "Twitch #{ch} connected", "st.bridgeOff": "Twitch #{ch} not connected {err}",
    "st.viewerLink": "Viewer link", "st.overlayLink": "OBS overlay", "st.hints": "Viewer hints", "st.kick": "Remove",
    "st.noKey": "This browser has no host key for this room", "st.tapMove": "Tap a lit cell to move",
    "st.chat": "In chat: !vote cell · !hint cell",
  },
};
addStrings(strings);
