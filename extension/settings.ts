// The extension's settings, read in one place.
import * as vscode from 'vscode';
import { scryHome } from '../daemon/client';
import type { LogLevel } from './supervisor';

export interface Settings {
  nodePath: string;
  excludedFolders: string[];
  logLevel: LogLevel;
  /** SCRY_HOME: the setting, else the environment, else ~/.scry. */
  home: string;
}

export function readSettings(): Settings {
  const c = vscode.workspace.getConfiguration('scry');
  const home = c.get<string>('home', '').trim();
  const level = c.get<string>('logLevel', 'info');
  return {
    nodePath: c.get<string>('nodePath', '').trim(),
    excludedFolders: c.get<string[]>('excludedFolders', []).filter((s) => typeof s === 'string'),
    logLevel: level === 'error' || level === 'debug' ? level : 'info',
    home: home ? scryHome({ SCRY_HOME: home }) : scryHome(process.env),
  };
}
