/**
 * The public recommendation tree. `name_my` and `content_my` are the Burmese texts the
 * committee has given (decision 106): present only when given, so the answer keeps the
 * fields of docs/api.md and a reader falls back to the English ones.
 */
export interface RecommendationItem {
  id: number;
  name: string;
  name_my?: string;
  content: string | null;
  content_my?: string;
}
export interface SubTitle {
  id: number;
  name: string;
  name_my?: string;
  items: RecommendationItem[];
}
export interface Title {
  id: number;
  name: string;
  name_my?: string;
  sub_titles: SubTitle[];
}
export interface SubDiscipline {
  id: number;
  name: string;
  name_my?: string;
  titles: Title[];
}
export interface Discipline {
  id: number;
  name: string;
  name_my?: string;
}
export interface DisciplineTree extends Discipline {
  sub_disciplines: SubDiscipline[];
}
