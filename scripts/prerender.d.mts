import type { Plugin } from 'vite'

export const PAGE_MODULES: Record<string, string | null>
export function escapeHtml(text: string): string
export function jsonForScript(value: unknown): string
export function prerender(): Plugin
