// Generated from packages/server/config/demo-company.yaml by packages/server/src/widgets/demo-company.test.ts:
// run `npm run demo:company` after changing the demo company. Do not edit.
import type { InitSettings, WireDiscountCoupon } from '@portico/core';
import type { WireLeadForm } from '@portico/core/lead-forms/lead-form';

export const DEMO_COMPANY: {
  settings: Pick<InitSettings, 'BillingSystem' | 'RegistrationEnabled' | 'RegistrationUrls' | 'EmailList' | 'EmailLists' | 'PasswordPolicy' | 'TermsText' | 'TermsLocations' | 'DiscountsExist' | 'TaxIdTypes' | 'TranslationOverrideLanguages' | 'TranslationOverrides' | 'PlanFamilies' | 'FieldConfiguration' | 'Theme' | 'CustomCss'>;
  payment: Pick<InitSettings['PaymentSettings'], 'CallbackUrl' | 'CompanyName' | 'Currency' | 'CurrencySymbol'>;
  coupons: WireDiscountCoupon[];
  leadForms: WireLeadForm[];
} = {
  "settings": {
    "BillingSystem": "Native",
    "RegistrationEnabled": true,
    "RegistrationUrls": {
      "Registration": null,
      "PostLogin": "/?signed-in=1",
      "PostForgotPassword": null
    },
    "EmailList": {
      "Uid": "list-newsletter",
      "Name": "Monthly newsletter",
      "Description": "Product news and analytics tips once a month.",
      "RequiresDoubleOptIn": false
    },
    "EmailLists": [
      {
        "Uid": "list-newsletter",
        "Name": "Monthly newsletter",
        "Description": "Product news and analytics tips once a month.",
        "RequiresDoubleOptIn": false
      },
      {
        "Uid": "list-webinars",
        "Name": "Webinar invitations",
        "Description": "Invitations to live webinars. Please confirm by email.",
        "RequiresDoubleOptIn": true
      }
    ],
    "PasswordPolicy": {
      "MinimumLength": 10,
      "UpperLowerNumberRequired": true,
      "SpecialCharacterRequired": false,
      "PasswordHistoryEnabled": true,
      "PasswordHistorySize": 3,
      "PersonalDataDisallowed": true
    },
    "TermsText": "I agree to the <a href=\"/terms.html\" target=\"_blank\" rel=\"noopener noreferrer\">Terms of Service</a> and the <a href=\"/privacy.html\" target=\"_blank\" rel=\"noopener noreferrer\">Privacy Policy</a>.",
    "TermsLocations": 3,
    "DiscountsExist": true,
    "TaxIdTypes": [
      {
        "Code": "eu_vat",
        "Name": "EU VAT number"
      },
      {
        "Code": "gb_vat",
        "Name": "UK VAT number"
      },
      {
        "Code": "us_ein",
        "Name": "US EIN"
      }
    ],
    "TranslationOverrideLanguages": [
      "en"
    ],
    "TranslationOverrides": {
      "en": {
        "selectPlan.intro": "Pick the Northwind plan that fits your team. You can change it later."
      }
    },
    "PlanFamilies": [
      {
        "Uid": "fam-academy",
        "Name": "Academy",
        "IsDefault": false,
        "IsActive": true,
        "Plans": [
          {
            "Uid": "plan-academy-monthly",
            "Name": "Academy membership",
            "Description": "<p>Every course, monthly live sessions. Free until the new year.</p>",
            "IsActive": true,
            "IsDefault": true,
            "IsQuantityEditable": false,
            "IsPerUser": false,
            "MinimumQuantity": 0,
            "MaximumPeople": null,
            "MonthlyRate": 12,
            "QuarterlyRate": 33,
            "AnnualRate": 120,
            "OneTimeRate": null,
            "SetupFee": null,
            "UnitOfMeasure": null,
            "UnitOfMeasurePlural": null,
            "TrialPeriodDays": null,
            "TrialUntilDate": "2027-01-01",
            "RequirePaymentInformation": false,
            "AccountRegistrationMode": "Individual",
            "PlanFamily": {
              "Uid": "fam-academy"
            },
            "PlanAddOns": [
              {
                "AddOn": {
                  "Uid": "addon-onboarding",
                  "Name": "Onboarding session",
                  "UnitOfMeasure": null,
                  "BillingAddOnType": "OneTime",
                  "AddOnType": null,
                  "IsQuantityEditable": false,
                  "MinimumQuantity": 0,
                  "IsBilledDuringTrial": false,
                  "MonthlyRate": null,
                  "QuarterlyRate": null,
                  "AnnualRate": null,
                  "OneTimeRate": 149,
                  "SetupFee": null,
                  "IsActive": true
                },
                "IsUserSelectable": true
              }
            ]
          },
          {
            "Uid": "plan-course",
            "Name": "Analytics Masterclass",
            "Description": "<p>Lifetime access to the video course.</p>",
            "IsActive": true,
            "IsDefault": false,
            "IsQuantityEditable": false,
            "IsPerUser": false,
            "MinimumQuantity": 0,
            "MaximumPeople": null,
            "MonthlyRate": null,
            "QuarterlyRate": null,
            "AnnualRate": null,
            "OneTimeRate": 199,
            "SetupFee": 0,
            "UnitOfMeasure": null,
            "UnitOfMeasurePlural": null,
            "TrialPeriodDays": null,
            "TrialUntilDate": null,
            "RequirePaymentInformation": true,
            "AccountRegistrationMode": "Individual",
            "PlanFamily": {
              "Uid": "fam-academy"
            },
            "PlanAddOns": []
          }
        ]
      },
      {
        "Uid": "fam-analytics",
        "Name": "Analytics",
        "IsDefault": true,
        "IsActive": true,
        "Plans": [
          {
            "Uid": "plan-free",
            "Name": "Free",
            "Description": "<p>One dashboard, community support.</p>",
            "IsActive": true,
            "IsDefault": false,
            "IsQuantityEditable": false,
            "IsPerUser": false,
            "MinimumQuantity": 0,
            "MaximumPeople": null,
            "MonthlyRate": 0,
            "QuarterlyRate": null,
            "AnnualRate": null,
            "OneTimeRate": null,
            "SetupFee": null,
            "UnitOfMeasure": null,
            "UnitOfMeasurePlural": null,
            "TrialPeriodDays": null,
            "TrialUntilDate": null,
            "RequirePaymentInformation": false,
            "AccountRegistrationMode": "Individual",
            "PlanFamily": {
              "Uid": "fam-analytics"
            },
            "PlanAddOns": []
          },
          {
            "Uid": "plan-pro",
            "Name": "Pro",
            "Description": "<p>Unlimited dashboards, SSO and an onboarding call.</p>",
            "IsActive": true,
            "IsDefault": false,
            "IsQuantityEditable": false,
            "IsPerUser": false,
            "MinimumQuantity": 0,
            "MaximumPeople": null,
            "MonthlyRate": 79,
            "QuarterlyRate": 219,
            "AnnualRate": 790,
            "OneTimeRate": null,
            "SetupFee": 49,
            "UnitOfMeasure": null,
            "UnitOfMeasurePlural": null,
            "TrialPeriodDays": null,
            "TrialUntilDate": null,
            "RequirePaymentInformation": true,
            "AccountRegistrationMode": "Individual",
            "PlanFamily": {
              "Uid": "fam-analytics"
            },
            "PlanAddOns": [
              {
                "AddOn": {
                  "Uid": "addon-priority-support",
                  "Name": "Priority support",
                  "UnitOfMeasure": null,
                  "BillingAddOnType": "Recurring",
                  "AddOnType": null,
                  "IsQuantityEditable": false,
                  "MinimumQuantity": 0,
                  "IsBilledDuringTrial": false,
                  "MonthlyRate": 19,
                  "QuarterlyRate": 54,
                  "AnnualRate": 190,
                  "OneTimeRate": null,
                  "SetupFee": null,
                  "IsActive": true
                },
                "IsUserSelectable": true
              },
              {
                "AddOn": {
                  "Uid": "addon-extra-dashboards",
                  "Name": "Extra dashboards",
                  "UnitOfMeasure": "dashboard",
                  "BillingAddOnType": "Recurring",
                  "AddOnType": null,
                  "IsQuantityEditable": true,
                  "MinimumQuantity": 1,
                  "IsBilledDuringTrial": true,
                  "MonthlyRate": 4.5,
                  "QuarterlyRate": 13,
                  "AnnualRate": 45,
                  "OneTimeRate": null,
                  "SetupFee": null,
                  "IsActive": true
                },
                "IsUserSelectable": true
              },
              {
                "AddOn": {
                  "Uid": "addon-onboarding",
                  "Name": "Onboarding session",
                  "UnitOfMeasure": null,
                  "BillingAddOnType": "OneTime",
                  "AddOnType": null,
                  "IsQuantityEditable": false,
                  "MinimumQuantity": 0,
                  "IsBilledDuringTrial": false,
                  "MonthlyRate": null,
                  "QuarterlyRate": null,
                  "AnnualRate": null,
                  "OneTimeRate": 149,
                  "SetupFee": null,
                  "IsActive": true
                },
                "IsUserSelectable": true
              },
              {
                "AddOn": {
                  "Uid": "addon-data-retention",
                  "Name": "2-year data retention",
                  "UnitOfMeasure": null,
                  "BillingAddOnType": "Recurring",
                  "AddOnType": null,
                  "IsQuantityEditable": false,
                  "MinimumQuantity": 0,
                  "IsBilledDuringTrial": false,
                  "MonthlyRate": 10,
                  "QuarterlyRate": null,
                  "AnnualRate": 100,
                  "OneTimeRate": null,
                  "SetupFee": 25,
                  "IsActive": true
                },
                "IsUserSelectable": true
              },
              {
                "AddOn": {
                  "Uid": "addon-api-calls",
                  "Name": "API calls",
                  "UnitOfMeasure": "1,000 calls",
                  "BillingAddOnType": "Usage",
                  "AddOnType": "Usage",
                  "IsQuantityEditable": false,
                  "MinimumQuantity": 0,
                  "IsBilledDuringTrial": false,
                  "MonthlyRate": 0.25,
                  "QuarterlyRate": null,
                  "AnnualRate": null,
                  "OneTimeRate": null,
                  "SetupFee": null,
                  "IsActive": true
                },
                "IsUserSelectable": false
              }
            ]
          },
          {
            "Uid": "plan-starter",
            "Name": "Starter",
            "Description": "<p>Five dashboards, email reports and <strong>14-day free trial</strong>.</p>",
            "IsActive": true,
            "IsDefault": true,
            "IsQuantityEditable": false,
            "IsPerUser": false,
            "MinimumQuantity": 0,
            "MaximumPeople": null,
            "MonthlyRate": 29,
            "QuarterlyRate": 79,
            "AnnualRate": 290,
            "OneTimeRate": null,
            "SetupFee": null,
            "UnitOfMeasure": null,
            "UnitOfMeasurePlural": null,
            "TrialPeriodDays": 14,
            "TrialUntilDate": null,
            "RequirePaymentInformation": true,
            "AccountRegistrationMode": "Individual",
            "PlanFamily": {
              "Uid": "fam-analytics"
            },
            "PlanAddOns": [
              {
                "AddOn": {
                  "Uid": "addon-priority-support",
                  "Name": "Priority support",
                  "UnitOfMeasure": null,
                  "BillingAddOnType": "Recurring",
                  "AddOnType": null,
                  "IsQuantityEditable": false,
                  "MinimumQuantity": 0,
                  "IsBilledDuringTrial": false,
                  "MonthlyRate": 19,
                  "QuarterlyRate": 54,
                  "AnnualRate": 190,
                  "OneTimeRate": null,
                  "SetupFee": null,
                  "IsActive": true
                },
                "IsUserSelectable": true
              },
              {
                "AddOn": {
                  "Uid": "addon-extra-dashboards",
                  "Name": "Extra dashboards",
                  "UnitOfMeasure": "dashboard",
                  "BillingAddOnType": "Recurring",
                  "AddOnType": null,
                  "IsQuantityEditable": true,
                  "MinimumQuantity": 1,
                  "IsBilledDuringTrial": true,
                  "MonthlyRate": 4.5,
                  "QuarterlyRate": 13,
                  "AnnualRate": 45,
                  "OneTimeRate": null,
                  "SetupFee": null,
                  "IsActive": true
                },
                "IsUserSelectable": true
              },
              {
                "AddOn": {
                  "Uid": "addon-api-calls",
                  "Name": "API calls",
                  "UnitOfMeasure": "1,000 calls",
                  "BillingAddOnType": "Usage",
                  "AddOnType": "Usage",
                  "IsQuantityEditable": false,
                  "MinimumQuantity": 0,
                  "IsBilledDuringTrial": false,
                  "MonthlyRate": 0.25,
                  "QuarterlyRate": null,
                  "AnnualRate": null,
                  "OneTimeRate": null,
                  "SetupFee": null,
                  "IsActive": true
                },
                "IsUserSelectable": false
              }
            ]
          },
          {
            "Uid": "plan-team",
            "Name": "Team",
            "Description": "<p>Per-seat pricing for growing teams.</p>",
            "IsActive": true,
            "IsDefault": false,
            "IsQuantityEditable": true,
            "IsPerUser": true,
            "MinimumQuantity": 3,
            "MaximumPeople": 25,
            "MonthlyRate": 15,
            "QuarterlyRate": null,
            "AnnualRate": 150,
            "OneTimeRate": null,
            "SetupFee": null,
            "UnitOfMeasure": "seat",
            "UnitOfMeasurePlural": "seats",
            "TrialPeriodDays": null,
            "TrialUntilDate": null,
            "RequirePaymentInformation": true,
            "AccountRegistrationMode": "Team",
            "PlanFamily": {
              "Uid": "fam-analytics"
            },
            "PlanAddOns": [
              {
                "AddOn": {
                  "Uid": "addon-priority-support",
                  "Name": "Priority support",
                  "UnitOfMeasure": null,
                  "BillingAddOnType": "Recurring",
                  "AddOnType": null,
                  "IsQuantityEditable": false,
                  "MinimumQuantity": 0,
                  "IsBilledDuringTrial": false,
                  "MonthlyRate": 19,
                  "QuarterlyRate": 54,
                  "AnnualRate": 190,
                  "OneTimeRate": null,
                  "SetupFee": null,
                  "IsActive": true
                },
                "IsUserSelectable": true
              },
              {
                "AddOn": {
                  "Uid": "addon-onboarding",
                  "Name": "Onboarding session",
                  "UnitOfMeasure": null,
                  "BillingAddOnType": "OneTime",
                  "AddOnType": null,
                  "IsQuantityEditable": false,
                  "MinimumQuantity": 0,
                  "IsBilledDuringTrial": false,
                  "MonthlyRate": null,
                  "QuarterlyRate": null,
                  "AnnualRate": null,
                  "OneTimeRate": 149,
                  "SetupFee": null,
                  "IsActive": true
                },
                "IsUserSelectable": true
              }
            ]
          }
        ]
      }
    ],
    "FieldConfiguration": {
      "Registration": [
        {
          "Behavior": "SystemRequired",
          "Group": null,
          "Definition": {
            "Uid": "f-email",
            "EntityType": "Person",
            "SystemName": "Email",
            "Label": "Email",
            "ControlType": "Email",
            "ControlParams": null,
            "SameAsLabel": null,
            "SameAsLabelDefault": null,
            "SameAsObject": null
          }
        },
        {
          "Behavior": "Required",
          "Group": null,
          "Definition": {
            "Uid": "f-first",
            "EntityType": "Person",
            "SystemName": "FirstName",
            "Label": "First name",
            "ControlType": "Text",
            "ControlParams": null,
            "SameAsLabel": null,
            "SameAsLabelDefault": null,
            "SameAsObject": null
          }
        },
        {
          "Behavior": "Required",
          "Group": null,
          "Definition": {
            "Uid": "f-last",
            "EntityType": "Person",
            "SystemName": "LastName",
            "Label": "Last name",
            "ControlType": "Text",
            "ControlParams": null,
            "SameAsLabel": null,
            "SameAsLabelDefault": null,
            "SameAsObject": null
          }
        },
        {
          "Behavior": "Editable",
          "Group": null,
          "Definition": {
            "Uid": "f-company",
            "EntityType": "Account",
            "SystemName": "Name",
            "Label": "Company name",
            "ControlType": "Text",
            "ControlParams": "{\"MinLength\":2,\"MaxLength\":200}",
            "SameAsLabel": null,
            "SameAsLabelDefault": null,
            "SameAsObject": null
          }
        },
        {
          "Behavior": "Editable",
          "Group": null,
          "Definition": {
            "Uid": "f-role",
            "EntityType": "Person",
            "SystemName": "Role",
            "Label": "Your role",
            "ControlType": "RadioList",
            "ControlParams": "{\"Options\":[{\"Value\":\"analyst\",\"Label\":\"Analyst\"},{\"Value\":\"engineer\",\"Label\":\"Engineer\"},{\"Value\":\"manager\",\"Label\":\"Manager\"}]}",
            "SameAsLabel": null,
            "SameAsLabelDefault": null,
            "SameAsObject": null
          }
        },
        {
          "Behavior": "Editable",
          "Group": null,
          "Definition": {
            "Uid": "f-size",
            "EntityType": "Account",
            "SystemName": "CompanySize",
            "Label": "Company size",
            "ControlType": "Select",
            "ControlParams": "{\"Options\":[{\"Value\":\"1-10\",\"Label\":\"1-10\"},{\"Value\":\"11-50\",\"Label\":\"11-50\"},{\"Value\":\"51-200\",\"Label\":\"51-200\"},{\"Value\":\"201+\",\"Label\":\"201 or more\"}]}",
            "SameAsLabel": null,
            "SameAsLabelDefault": null,
            "SameAsObject": null
          }
        },
        {
          "Behavior": "Editable",
          "Group": null,
          "Definition": {
            "Uid": "f-interests",
            "EntityType": "Account",
            "SystemName": "Interests",
            "Label": "What will you track?",
            "ControlType": "CheckboxList",
            "ControlParams": "{\"Options\":[{\"Value\":\"web\",\"Label\":\"Website traffic\"},{\"Value\":\"sales\",\"Label\":\"Sales\"},{\"Value\":\"product\",\"Label\":\"Product usage\"}]}",
            "SameAsLabel": null,
            "SameAsLabelDefault": null,
            "SameAsObject": null
          }
        },
        {
          "Behavior": "RequiredWhenPaymentDue",
          "Group": null,
          "Definition": {
            "Uid": "f-billing-address",
            "EntityType": "Account",
            "SystemName": "BillingAddress",
            "Label": "Billing address",
            "ControlType": "Address",
            "ControlParams": null,
            "SameAsLabel": null,
            "SameAsLabelDefault": null,
            "SameAsObject": null
          }
        },
        {
          "Behavior": "Editable",
          "Group": null,
          "Definition": {
            "Uid": "f-tax-id",
            "EntityType": "Account",
            "SystemName": "TaxId",
            "Label": "Tax ID",
            "ControlType": "TaxIdTypeTaxId",
            "ControlParams": null,
            "SameAsLabel": null,
            "SameAsLabelDefault": null,
            "SameAsObject": null
          }
        },
        {
          "Behavior": "Editable",
          "Group": null,
          "Definition": {
            "Uid": "f-newsletter-ok",
            "EntityType": "Person",
            "SystemName": "MarketingConsent",
            "Label": "I would like product tips by email",
            "ControlType": "Checkbox",
            "ControlParams": null,
            "SameAsLabel": null,
            "SameAsLabelDefault": null,
            "SameAsObject": null
          }
        }
      ],
      "Profile": [
        {
          "Behavior": "Required",
          "Group": "Name",
          "Definition": {
            "Uid": "f-first",
            "EntityType": "Person",
            "SystemName": "FirstName",
            "Label": "First name",
            "ControlType": "Text",
            "ControlParams": null,
            "SameAsLabel": null,
            "SameAsLabelDefault": null,
            "SameAsObject": null
          }
        },
        {
          "Behavior": "Required",
          "Group": "Name",
          "Definition": {
            "Uid": "f-last",
            "EntityType": "Person",
            "SystemName": "LastName",
            "Label": "Last name",
            "ControlType": "Text",
            "ControlParams": null,
            "SameAsLabel": null,
            "SameAsLabelDefault": null,
            "SameAsObject": null
          }
        },
        {
          "Behavior": "SystemRequired",
          "Group": "Email",
          "Definition": {
            "Uid": "f-email",
            "EntityType": "Person",
            "SystemName": "Email",
            "Label": "Email",
            "ControlType": "Email",
            "ControlParams": null,
            "SameAsLabel": null,
            "SameAsLabelDefault": null,
            "SameAsObject": null
          }
        },
        {
          "Behavior": "Editable",
          "Group": "Contact",
          "Definition": {
            "Uid": "f-phone",
            "EntityType": "Person",
            "SystemName": "PhoneMobile",
            "Label": "Mobile phone",
            "ControlType": "Tel",
            "ControlParams": null,
            "SameAsLabel": null,
            "SameAsLabelDefault": null,
            "SameAsObject": null
          }
        },
        {
          "Behavior": "Editable",
          "Group": "About",
          "Definition": {
            "Uid": "f-birthday",
            "EntityType": "Person",
            "SystemName": "Birthday",
            "Label": "Birthday",
            "ControlType": "Date",
            "ControlParams": null,
            "SameAsLabel": null,
            "SameAsLabelDefault": null,
            "SameAsObject": null
          }
        },
        {
          "Behavior": "Editable",
          "Group": "About",
          "Definition": {
            "Uid": "f-bio",
            "EntityType": "Person",
            "SystemName": "Bio",
            "Label": "About you",
            "ControlType": "TextArea",
            "ControlParams": "{\"MaxLength\":500}",
            "SameAsLabel": null,
            "SameAsLabelDefault": null,
            "SameAsObject": null
          }
        }
      ],
      "Account": [
        {
          "Behavior": "Required",
          "Group": "Organization",
          "Definition": {
            "Uid": "f-company",
            "EntityType": "Account",
            "SystemName": "Name",
            "Label": "Company name",
            "ControlType": "Text",
            "ControlParams": "{\"MinLength\":2,\"MaxLength\":200}",
            "SameAsLabel": null,
            "SameAsLabelDefault": null,
            "SameAsObject": null
          }
        },
        {
          "Behavior": "Editable",
          "Group": "Organization",
          "Definition": {
            "Uid": "f-employees",
            "EntityType": "Account",
            "SystemName": "Employees",
            "Label": "Number of analysts",
            "ControlType": "Number",
            "ControlParams": "{\"Min\":1,\"Max\":10000}",
            "SameAsLabel": null,
            "SameAsLabelDefault": null,
            "SameAsObject": null
          }
        },
        {
          "Behavior": "Editable",
          "Group": "Address",
          "Definition": {
            "Uid": "f-billing-address",
            "EntityType": "Account",
            "SystemName": "BillingAddress",
            "Label": "Billing address",
            "ControlType": "Address",
            "ControlParams": null,
            "SameAsLabel": null,
            "SameAsLabelDefault": null,
            "SameAsObject": null
          }
        },
        {
          "Behavior": "Editable",
          "Group": "Address",
          "Definition": {
            "Uid": "f-mailing-address",
            "EntityType": "Account",
            "SystemName": "MailingAddress",
            "Label": "Mailing address",
            "ControlType": "Address",
            "ControlParams": null,
            "SameAsLabel": "Same as billing address",
            "SameAsLabelDefault": true,
            "SameAsObject": "BillingAddress"
          }
        },
        {
          "Behavior": "Editable",
          "Group": "Organization",
          "Definition": {
            "Uid": "f-tax-id",
            "EntityType": "Account",
            "SystemName": "TaxId",
            "Label": "Tax ID",
            "ControlType": "TaxIdTypeTaxId",
            "ControlParams": null,
            "SameAsLabel": null,
            "SameAsLabelDefault": null,
            "SameAsObject": null
          }
        }
      ]
    },
    "Theme": {
      "displayMode": "light",
      "cornerShape": "rounded",
      "fieldStyle": "auto-border",
      "borderWidth": 1,
      "accentColor": "#4f46e5",
      "fontFamily": "Inter, system-ui, -apple-system, \"Segoe UI\", Roboto, sans-serif"
    },
    "CustomCss": ""
  },
  "payment": {
    "CallbackUrl": "/?processing=1",
    "CompanyName": "Northwind Analytics",
    "Currency": "USD",
    "CurrencySymbol": "$"
  },
  "coupons": [
    {
      "Uid": "coupon-welcome",
      "UniqueIdentifier": "WELCOME20",
      "Name": "Welcome 20% first invoice",
      "PercentOff": 20,
      "AmountOff": null,
      "Duration": "Once",
      "DurationInMonths": null,
      "RedeemBy": null,
      "PlanUids": [],
      "IsActive": true
    },
    {
      "Uid": "coupon-friends",
      "UniqueIdentifier": "FRIENDS",
      "Name": "Friends 10% forever",
      "PercentOff": 10,
      "AmountOff": null,
      "Duration": "Forever",
      "DurationInMonths": null,
      "RedeemBy": null,
      "PlanUids": [],
      "IsActive": true
    },
    {
      "Uid": "coupon-spring",
      "UniqueIdentifier": "SPRING3",
      "Name": "25% for 3 months",
      "PercentOff": 25,
      "AmountOff": null,
      "Duration": "Repeating",
      "DurationInMonths": 3,
      "RedeemBy": null,
      "PlanUids": [],
      "IsActive": true
    },
    {
      "Uid": "coupon-tenoff",
      "UniqueIdentifier": "TENOFF",
      "Name": "$10 off once",
      "PercentOff": null,
      "AmountOff": 10,
      "Duration": "Once",
      "DurationInMonths": null,
      "RedeemBy": null,
      "PlanUids": [],
      "IsActive": true
    },
    {
      "Uid": "coupon-fiveoff",
      "UniqueIdentifier": "FIVEOFF",
      "Name": "$5 off every invoice",
      "PercentOff": null,
      "AmountOff": 5,
      "Duration": "Forever",
      "DurationInMonths": null,
      "RedeemBy": null,
      "PlanUids": [
        "plan-starter",
        "plan-pro"
      ],
      "IsActive": true
    },
    {
      "Uid": "coupon-twoforsix",
      "UniqueIdentifier": "TWOFORSIX",
      "Name": "$2 off for 6 months",
      "PercentOff": null,
      "AmountOff": 2,
      "Duration": "Repeating",
      "DurationInMonths": 6,
      "RedeemBy": null,
      "PlanUids": [],
      "IsActive": true
    },
    {
      "Uid": "coupon-expired",
      "UniqueIdentifier": "BLACKFRIDAY2020",
      "Name": "Black Friday 2020",
      "PercentOff": 50,
      "AmountOff": null,
      "Duration": "Once",
      "DurationInMonths": null,
      "RedeemBy": "2020-12-01T00:00:00.000Z",
      "PlanUids": [],
      "IsActive": true
    }
  ],
  "leadForms": [
    {
      "Uid": "newsletter",
      "Name": "Newsletter sign-up",
      "Title": "Get the Northwind newsletter",
      "SubmitLabel": "Subscribe",
      "Captcha": false,
      "Fields": [
        {
          "SystemName": "Email",
          "Label": "Email",
          "Required": true,
          "Hidden": false,
          "Disabled": false,
          "DefaultValue": null,
          "Definition": {
            "Uid": "lead-Email",
            "EntityType": "Person",
            "SystemName": "Email",
            "Label": "Email",
            "ControlType": "Email",
            "ControlParams": null
          }
        },
        {
          "SystemName": "FirstName",
          "Label": "First name",
          "Required": false,
          "Hidden": false,
          "Disabled": false,
          "DefaultValue": null,
          "Definition": {
            "Uid": "lead-FirstName",
            "EntityType": "Person",
            "SystemName": "FirstName",
            "Label": "First name",
            "ControlType": "Text",
            "ControlParams": null
          }
        },
        {
          "SystemName": "LeadSource",
          "Label": "Lead source",
          "Required": false,
          "Hidden": true,
          "Disabled": false,
          "DefaultValue": "newsletter-form",
          "Definition": {
            "Uid": "f-lead-source",
            "EntityType": "Person",
            "SystemName": "LeadSource",
            "Label": "Lead source",
            "ControlType": "Text",
            "ControlParams": "{\"MaxLength\":100}"
          }
        }
      ],
      "PostSubmission": {
        "Action": "thankYou",
        "Url": null,
        "Message": "Thanks for subscribing. The next issue will be in your inbox at the start of the month."
      }
    },
    {
      "Uid": "book-demo",
      "Name": "Book a demo",
      "Title": "Book a demo",
      "SubmitLabel": "Book my demo",
      "Captcha": true,
      "Fields": [
        {
          "SystemName": "Email",
          "Label": "Work email",
          "Required": true,
          "Hidden": false,
          "Disabled": false,
          "DefaultValue": null,
          "Definition": {
            "Uid": "lead-Email",
            "EntityType": "Person",
            "SystemName": "Email",
            "Label": "Work email",
            "ControlType": "Email",
            "ControlParams": null
          }
        },
        {
          "SystemName": "FirstName",
          "Label": "First name",
          "Required": true,
          "Hidden": false,
          "Disabled": false,
          "DefaultValue": null,
          "Definition": {
            "Uid": "lead-FirstName",
            "EntityType": "Person",
            "SystemName": "FirstName",
            "Label": "First name",
            "ControlType": "Text",
            "ControlParams": null
          }
        },
        {
          "SystemName": "LastName",
          "Label": "Last name",
          "Required": true,
          "Hidden": false,
          "Disabled": false,
          "DefaultValue": null,
          "Definition": {
            "Uid": "lead-LastName",
            "EntityType": "Person",
            "SystemName": "LastName",
            "Label": "Last name",
            "ControlType": "Text",
            "ControlParams": null
          }
        },
        {
          "SystemName": "Role",
          "Label": "Your role",
          "Required": false,
          "Hidden": false,
          "Disabled": false,
          "DefaultValue": null,
          "Definition": {
            "Uid": "f-role",
            "EntityType": "Person",
            "SystemName": "Role",
            "Label": "Your role",
            "ControlType": "RadioList",
            "ControlParams": "{\"Options\":[{\"Value\":\"analyst\",\"Label\":\"Analyst\"},{\"Value\":\"engineer\",\"Label\":\"Engineer\"},{\"Value\":\"manager\",\"Label\":\"Manager\"}]}"
          }
        },
        {
          "SystemName": "LeadSource",
          "Label": "Requested from",
          "Required": false,
          "Hidden": false,
          "Disabled": true,
          "DefaultValue": "Northwind website",
          "Definition": {
            "Uid": "f-lead-source",
            "EntityType": "Person",
            "SystemName": "LeadSource",
            "Label": "Requested from",
            "ControlType": "Text",
            "ControlParams": "{\"MaxLength\":100}"
          }
        }
      ],
      "PostSubmission": {
        "Action": "redirect",
        "Url": "/demo-booked.html",
        "Message": null
      }
    }
  ]
};
