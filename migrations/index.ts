import type { Migration } from 'kysely'
import * as m0001 from './2026_11_22_0001_create_app_settings.ts'
import * as m0002 from './2026_11_22_0002_create_leads_and_artisans.ts'
import * as m0101 from './2026_11_22_0101_create_email_outbox.ts'
import * as m0102 from './2026_11_22_0102_outbox_templates.ts'
import * as m0201 from './2026_11_22_0201_create_admin_auth.ts'
import * as m0301 from './2026_11_22_0301_lead_work_and_requesters.ts'
import * as m0302 from './2026_11_22_0302_list_totals.ts'
import * as m0401 from './2026_11_22_0401_create_newsletter.ts'
import * as m1101 from './2026_11_23_0101_admin_second_factor.ts'
import * as m1201 from './2026_11_23_0201_confirmation_sends.ts'
import * as m1301 from './2026_11_23_0301_scrub_sent_reset_links.ts'
import * as m2101 from './2026_11_24_0101_lead_responses.ts'
import * as m2201 from './2026_11_24_0201_unanswered_offers_count.ts'
import * as m2202 from './2026_11_24_0202_lead_response_indexes.ts'
import * as m2401 from './2026_11_24_0401_page_visits.ts'
import * as m2402 from './2026_11_24_0402_visit_statistics.ts'
import * as m2403 from './2026_11_24_0403_lead_days.ts'
import * as m3101 from './2026_11_25_0101_mail_feedback.ts'
import * as m3102 from './2026_11_25_0102_segment_index.ts'
import * as m3201 from './2026_11_25_0201_shared_work.ts'
import * as m3202 from './2026_11_25_0202_list_indexes.ts'
import * as m4101 from './2026_11_26_0101_deferred_counters.ts'
import * as m4201 from './2026_11_26_0201_uncounted_visits.ts'
import * as m4202 from './2026_11_26_0202_offer_numbers.ts'
import * as m4203 from './2026_11_26_0203_retention_indexes.ts'
import * as m4301 from './2026_11_26_0301_outbox_claims.ts'
import * as m4501 from './2026_11_26_0501_contact_messages.ts'
import * as m4601 from './2026_11_26_0601_public_profiles.ts'
import * as m4703 from './2026_11_26_0703_profile_consent_recorder.ts'
import * as m4704 from './2026_11_26_0704_review_moderators.ts'
import * as m4801 from './2026_11_26_0801_profile_page_indexes.ts'
import * as m4911 from './2026_11_26_0911_lead_answers.ts'
import * as m4921 from './2026_11_26_0921_address_and_marketing_consent.ts'
import * as m4931 from './2026_11_26_0931_artisan_coverage.ts'
import * as m4932 from './2026_11_26_0932_zones_to_coverage.ts'
import * as m4941 from './2026_11_26_0941_lead_dispatch.ts'
import * as m4951 from './2026_11_26_0951_lead_promise.ts'
import * as m4961 from './2026_11_26_0961_waiting_leads_office.ts'
import * as m5001 from './2026_11_27_0001_artisan_area.ts'
import * as m5101 from './2026_11_27_0101_artisan_sign_in.ts'
import * as m5201 from './2026_11_27_0201_offer_outcomes.ts'
import * as m5301 from './2026_11_27_0301_artisan_notifications.ts'
import * as m5401 from './2026_11_27_0401_profile_changes.ts'
import * as m6101 from './2026_11_28_0101_offer_days.ts'
import * as m6102 from './2026_11_28_0102_search_tables.ts'
import * as m6103 from './2026_11_28_0103_key_totals.ts'
import * as m6104 from './2026_11_28_0104_new_requesters_index.ts'
import * as m6105 from './2026_11_28_0105_reviews_by_date.ts'
import * as m6106 from './2026_11_28_0106_running_totals_index_only.ts'
import * as m6107 from './2026_11_28_0107_running_totals_by_day.ts'
import * as m6108 from './2026_11_28_0108_first_acceptance_wait.ts'

/** Every migration, by name. Applied files are frozen: a change is a new file listed here. */
export const migrations: Record<string, Migration> = {
  '2026_11_22_0001_create_app_settings': m0001,
  '2026_11_22_0002_create_leads_and_artisans': m0002,
  '2026_11_22_0101_create_email_outbox': m0101,
  '2026_11_22_0102_outbox_templates': m0102,
  '2026_11_22_0201_create_admin_auth': m0201,
  '2026_11_22_0301_lead_work_and_requesters': m0301,
  '2026_11_22_0302_list_totals': m0302,
  '2026_11_22_0401_create_newsletter': m0401,
  '2026_11_23_0101_admin_second_factor': m1101,
  '2026_11_23_0201_confirmation_sends': m1201,
  '2026_11_23_0301_scrub_sent_reset_links': m1301,
  '2026_11_24_0101_lead_responses': m2101,
  '2026_11_24_0201_unanswered_offers_count': m2201,
  '2026_11_24_0202_lead_response_indexes': m2202,
  '2026_11_24_0401_page_visits': m2401,
  '2026_11_24_0402_visit_statistics': m2402,
  '2026_11_24_0403_lead_days': m2403,
  '2026_11_25_0101_mail_feedback': m3101,
  '2026_11_25_0102_segment_index': m3102,
  '2026_11_25_0201_shared_work': m3201,
  '2026_11_25_0202_list_indexes': m3202,
  '2026_11_26_0101_deferred_counters': m4101,
  '2026_11_26_0201_uncounted_visits': m4201,
  '2026_11_26_0202_offer_numbers': m4202,
  '2026_11_26_0203_retention_indexes': m4203,
  '2026_11_26_0301_outbox_claims': m4301,
  '2026_11_26_0501_contact_messages': m4501,
  '2026_11_26_0601_public_profiles': m4601,
  '2026_11_26_0703_profile_consent_recorder': m4703,
  '2026_11_26_0704_review_moderators': m4704,
  '2026_11_26_0801_profile_page_indexes': m4801,
  '2026_11_26_0911_lead_answers': m4911,
  '2026_11_26_0921_address_and_marketing_consent': m4921,
  '2026_11_26_0931_artisan_coverage': m4931,
  '2026_11_26_0932_zones_to_coverage': m4932,
  '2026_11_26_0941_lead_dispatch': m4941,
  '2026_11_26_0951_lead_promise': m4951,
  '2026_11_26_0961_waiting_leads_office': m4961,
  '2026_11_27_0001_artisan_area': m5001,
  '2026_11_27_0101_artisan_sign_in': m5101,
  '2026_11_27_0201_offer_outcomes': m5201,
  '2026_11_27_0301_artisan_notifications': m5301,
  '2026_11_27_0401_profile_changes': m5401,
  '2026_11_28_0101_offer_days': m6101,
  '2026_11_28_0102_search_tables': m6102,
  '2026_11_28_0103_key_totals': m6103,
  '2026_11_28_0104_new_requesters_index': m6104,
  '2026_11_28_0105_reviews_by_date': m6105,
  '2026_11_28_0106_running_totals_index_only': m6106,
  '2026_11_28_0107_running_totals_by_day': m6107,
  '2026_11_28_0108_first_acceptance_wait': m6108,
}
